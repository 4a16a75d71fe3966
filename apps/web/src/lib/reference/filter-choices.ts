import { CATEGORIES, REGIONS, SALE_TYPES } from '@keeb/shared';
import { useCategories } from './get-categories';
import { useRegions } from './get-regions';

/** The lists a filter picks from: the feed's filters and a want's. */
export interface FilterChoiceLists {
  categories: readonly { _id: string; name: string }[];
  regions: readonly { code: string; name: string }[];
  saleTypes: readonly { _id: string; name: string }[];
}

/** The categories and regions calls; the built-in lists stand in while they load or if they fail. */
export function useFilterChoiceLists(): FilterChoiceLists {
  const categories = useCategories().data;
  const regions = useRegions().data;
  return {
    categories: categories?.categories ?? CATEGORIES,
    regions: regions ?? REGIONS,
    saleTypes: categories?.saleTypes.length ? categories.saleTypes : SALE_TYPES,
  };
}
