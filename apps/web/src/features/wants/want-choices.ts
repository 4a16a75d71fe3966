import { CATEGORIES, REGIONS, SALE_TYPES } from '@keeb/shared';
import { useCategories } from '../../lib/reference/get-categories';
import { useRegions } from '../../lib/reference/get-regions';

export interface WantChoices {
  categories: readonly { _id: string; name: string }[];
  regions: readonly { code: string; name: string }[];
  saleTypes: readonly { _id: string; name: string }[];
}

/** The reference lists a want picks from (the feed's filters); the built-in lists stand in while they load. */
export function useWantChoices(): WantChoices {
  const categories = useCategories().data;
  const regions = useRegions().data;
  return {
    categories: categories?.categories ?? CATEGORIES,
    regions: regions ?? REGIONS,
    saleTypes: categories?.saleTypes.length ? categories.saleTypes : SALE_TYPES,
  };
}
