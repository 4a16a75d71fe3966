import type { ItemListQuery } from '@keeb/shared';

/** A feed's search and filters, as a saved search (a want) takes them. */
export interface FeedSearch {
  searchText: string;
  categoryIds: string[];
  regions: string[];
  saleTypeId: string | null;
}

const ids = (list: string | undefined) => (list ? list.split(',') : []);

/** What the feed's list is searched and filtered by; null on the plain feed, where there is nothing to save. */
export function feedSearchOf(list: Pick<ItemListQuery, 'searchText' | 'categoryIds' | 'regions' | 'saleType'> | undefined): FeedSearch | null {
  if (!list) return null;
  const search: FeedSearch = {
    searchText: list.searchText ?? '',
    categoryIds: ids(list.categoryIds),
    regions: ids(list.regions),
    saleTypeId: list.saleType ?? null,
  };
  const active = search.searchText !== '' || search.categoryIds.length > 0 || search.regions.length > 0 || search.saleTypeId !== null;
  return active ? search : null;
}
