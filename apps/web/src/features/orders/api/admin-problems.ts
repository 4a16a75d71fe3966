import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ORDERS_PAGE_SIZE, type OrderSummary, type ProblemReason } from '@keeb/shared';
import { api } from '../../../lib/api';
import { orderKeys } from './keys';

export interface OpenProblem {
  _id: string;
  order: OrderSummary;
  buyer: { username: string };
  seller: { username: string };
  reason: ProblemReason;
  details: string;
  openedAt: string;
}

export interface ProblemsPage {
  problems: OpenProblem[];
  nextCursor: string | null;
}

/**
 * GET /admin/problems?cursor: the open problems, oldest first. A bare array (the API's answer) continues after a full
 * page by the cursor `${openedAt}_${_id}`; `{ problems, nextCursor }` is read as well.
 */
export async function getOpenProblems(cursor: string | undefined, signal?: AbortSignal): Promise<ProblemsPage> {
  const { data } = await api.get<ProblemsPage | OpenProblem[]>('/admin/problems', { params: cursor ? { cursor } : {}, signal });
  if (!Array.isArray(data)) return data;
  const last = data.length >= ORDERS_PAGE_SIZE ? data[data.length - 1] : undefined;
  return { problems: data, nextCursor: last ? `${last.openedAt}_${last._id}` : null };
}

export const openProblemsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: orderKeys.problems,
    queryFn: ({ pageParam, signal }) => getOpenProblems(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    staleTime: 0,
  });

export const useOpenProblems = () => useInfiniteQuery(openProblemsQueryOptions());

/** POST /admin/problems/{id}/close: an admin closes a problem the parties did not resolve. */
export async function closeProblem(id: string): Promise<void> {
  await api.post(`/admin/problems/${encodeURIComponent(id)}/close`);
}
