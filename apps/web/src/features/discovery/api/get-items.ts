import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ITEM_PAGE_SIZE, type ItemListQuery, type ItemSummary } from '@keeb/shared';
import { api } from '../../../lib/api';

/** What a feed shows; the page cursor (`ts`) is added per page. */
export interface ItemFeedFilters {
  categoryId?: string;
  searchText?: string;
  sort: NonNullable<ItemListQuery['sort']>;
}

export async function getItems(query: ItemListQuery, signal?: AbortSignal): Promise<ItemSummary[]> {
  // The list is rendered as is and a malformed card only degrades that card, so it is not re-validated here.
  const { data } = await api.get<ItemSummary[]>('/items', { params: query, signal });
  return data;
}

export const itemFeedQueryOptions = ({ categoryId, searchText, sort }: ItemFeedFilters) =>
  infiniteQueryOptions({
    queryKey: ['items', 'feed', { categoryId, searchText, sort }] as const,
    queryFn: ({ pageParam, signal }) =>
      getItems({ ts: pageParam, categoryIds: categoryId, searchText, sort }, signal),
    initialPageParam: undefined as string | undefined,
    // A full page means more may exist; the cursor is the last item's timeListed (spec 2.3).
    getNextPageParam: (lastPage) =>
      lastPage.length === ITEM_PAGE_SIZE ? lastPage[lastPage.length - 1]?.timeListed : undefined,
    staleTime: 30_000,
  });

export const useItemFeed = (filters: ItemFeedFilters) => useInfiniteQuery(itemFeedQueryOptions(filters));
