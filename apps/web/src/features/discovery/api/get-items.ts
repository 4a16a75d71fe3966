import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ITEM_PAGE_SIZE, type ItemListQuery, type ItemSummary } from '@keeb/shared';
import { api } from '../../../lib/api';

/** What a feed shows; the page cursor (`ts` and `cursorId`) is added per page. */
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
      getItems({ ts: pageParam?.ts, cursorId: pageParam?.id, categoryIds: categoryId, searchText, sort }, signal),
    initialPageParam: undefined as { ts: string; id: string } | undefined,
    // A full page means more may exist. The cursor is the last item's timeListed (spec 2.3) plus its id, so
    // items listed in the same millisecond are neither skipped nor repeated.
    getNextPageParam: (lastPage) => {
      const last = lastPage.length === ITEM_PAGE_SIZE ? lastPage[lastPage.length - 1] : undefined;
      return last ? { ts: last.timeListed, id: last._id } : undefined;
    },
    staleTime: 30_000,
  });

export const useItemFeed = (filters: ItemFeedFilters) => useInfiniteQuery(itemFeedQueryOptions(filters));
