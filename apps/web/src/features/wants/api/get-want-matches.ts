import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { WANT_MATCHES_PAGE_SIZE, type WantMatch } from '@keeb/shared';
import { api } from '../../../lib/api';
import { wantKeys } from './keys';

// A type, not an interface: the API client's params take it as a record.
export type WantMatchesCursor = {
  ts: string;
  cursorId: string;
};

/** GET /me/wants/{id}/matches: a page of the listings that matched, newest match first. */
export async function getWantMatches(wantId: string, cursor: WantMatchesCursor | undefined, signal?: AbortSignal): Promise<WantMatch[]> {
  const { data } = await api.get<WantMatch[]>(`/me/wants/${encodeURIComponent(wantId)}/matches`, { params: cursor ?? {}, signal });
  return data;
}

/** A full page means more may exist; the next page starts after the last match (its time, then its item id). */
export const wantMatchesQueryOptions = (wantId: string) =>
  infiniteQueryOptions({
    queryKey: wantKeys.matches(wantId),
    queryFn: ({ pageParam, signal }) => getWantMatches(wantId, pageParam, signal),
    initialPageParam: undefined as WantMatchesCursor | undefined,
    getNextPageParam: (lastPage): WantMatchesCursor | undefined => {
      const last = lastPage.length >= WANT_MATCHES_PAGE_SIZE ? lastPage[lastPage.length - 1] : undefined;
      return last ? { ts: last.matchedAt, cursorId: last._id } : undefined;
    },
  });

export const useWantMatches = (wantId: string) => useInfiniteQuery(wantMatchesQueryOptions(wantId));
