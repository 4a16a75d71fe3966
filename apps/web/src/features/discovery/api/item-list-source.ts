import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ITEM_PAGE_SIZE, type ItemListQuery, type ItemSummary } from '@keeb/shared';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/session';

type Sort = NonNullable<ItemListQuery['sort']>;

/** The keyset cursor of the next page, taken from the last item of the previous one. */
export type ItemListCursor = Pick<ItemListQuery, 'ts' | 'price' | 'likes' | 'cursorId'>;

/**
 * One paged item list of the API (feed, search, a seller's listings, /me tabs, the vault tabs): its react-query
 * key, the API path and the query every page sends. The cursor is added per page by `useItemList`.
 */
export interface ItemListSource {
  key: readonly unknown[];
  path: string;
  query?: Omit<ItemListQuery, keyof ItemListCursor>;
  /** Which field of the last item is the cursor: its timeListed (default) or, on the Saved tab, its savedAt. */
  cursorField?: 'timeListed' | 'savedAt';
}

/**
 * Spec 2.3: the cursor is the last item's timeListed (and price for price sorts); `rate` adds its likes. The id
 * rides along as the full sort key's last field; the API pages exactly without it too (it never ends a page
 * inside items sharing a time, or a price and a time).
 */
export function cursorAfter(last: ItemSummary, sort: Sort = 'def', field: ItemListSource['cursorField'] = 'timeListed'): ItemListCursor {
  const ts = (field === 'savedAt' ? last.savedAt : undefined) ?? last.timeListed;
  switch (sort) {
    case 'low':
    case 'high':
      return { ts, price: last.price, cursorId: last._id };
    case 'rate':
      return { likes: last.likes, ts, cursorId: last._id };
    default:
      return { ts, cursorId: last._id };
  }
}

export async function getItemPage(path: string, query: ItemListQuery, signal?: AbortSignal): Promise<ItemSummary[]> {
  // The list is rendered as is and a malformed card only degrades that card, so it is not re-validated here.
  const { data } = await api.get<ItemSummary[]>(path, { params: query, signal });
  return data;
}

/**
 * The viewer is part of the key: cards carry the viewer's hearts (isFollowing), so a list cached before a sign-in
 * or sign-out must not be shown after it.
 */
export const itemListQueryOptions = (source: ItemListSource, viewerId: string | null = null) =>
  infiniteQueryOptions({
    queryKey: ['items', 'list', ...source.key, { viewerId }] as const,
    queryFn: ({ pageParam, signal }) => getItemPage(source.path, { ...source.query, ...pageParam }, signal),
    initialPageParam: undefined as ItemListCursor | undefined,
    // A full page (36) means more may exist; fewer means all are loaded (spec 2.3). A page can be longer: the API
    // ends it after the last of the items sharing its last item's cursor.
    getNextPageParam: (lastPage) => {
      const last = lastPage.length >= ITEM_PAGE_SIZE ? lastPage[lastPage.length - 1] : undefined;
      return last ? cursorAfter(last, source.query?.sort, source.cursorField) : undefined;
    },
    staleTime: 30_000,
  });

export function useItemList(source: ItemListSource) {
  const session = useSession();
  const viewerId = (session.data?.isLoggedIn ? session.data.userId : undefined) ?? null;
  // Waiting for the session (the shell asks for it at start) avoids loading the first page twice.
  return useInfiniteQuery({ ...itemListQueryOptions(source, viewerId), enabled: !session.isPending });
}

/** The public feed: GET /api/items with the filters, search and sort the page chose. */
export function feedSource(query: Omit<ItemListQuery, keyof ItemListCursor>): ItemListSource {
  return { key: ['feed', query], path: '/items', query };
}
