import type { ItemListQuery, SpecKey } from '@keeb/shared';
import { countSpecValues, specValuesOfQuery, type SpecValues } from '../../../lib/specs';

/** A feed's search and filters, as a saved search (a want) takes them. */
export interface FeedSearch {
  searchText: string;
  categoryIds: string[];
  regions: string[];
  saleTypeId: string | null;
  /** The feed's spec filters (issue 29), carried into the want. */
  specs: SpecValues;
}

/** The part of the feed's query a saved search takes. */
export type FeedSearchQuery = Pick<ItemListQuery, 'searchText' | 'categoryIds' | 'regions' | 'saleType' | SpecKey>;

const ids = (list: string | undefined) => (list ? list.split(',') : []);

/** What the feed's list is searched and filtered by; null on the plain feed, where there is nothing to save. */
export function feedSearchOf(list: FeedSearchQuery | undefined): FeedSearch | null {
  if (!list) return null;
  const search: FeedSearch = {
    searchText: list.searchText ?? '',
    categoryIds: ids(list.categoryIds),
    regions: ids(list.regions),
    saleTypeId: list.saleType ?? null,
    specs: specValuesOfQuery(list),
  };
  const active =
    search.searchText !== '' || search.categoryIds.length > 0 || search.regions.length > 0 || search.saleTypeId !== null || countSpecValues(search.specs) > 0;
  return active ? search : null;
}
