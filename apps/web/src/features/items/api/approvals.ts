import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ITEM_PAGE_SIZE, type ItemDetail } from '@keeb/shared';
import { api } from '../../../lib/api';
import { itemKeys } from './keys';

/** GET /items/approval?ts: listings awaiting approval, oldest first, after the cursor. */
export async function getApprovalQueue(ts: string | undefined, signal?: AbortSignal): Promise<ItemDetail[]> {
  const { data } = await api.get<ItemDetail[]>('/items/approval', { params: ts ? { ts } : {}, signal });
  return data;
}

export const approvalQueueQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: itemKeys.approvals,
    queryFn: ({ pageParam, signal }) => getApprovalQueue(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    // A full page means more may wait; the cursor is the last item's timeListed. A page can be longer: the API
    // ends it after the last listing sharing that time.
    getNextPageParam: (lastPage) =>
      lastPage.length >= ITEM_PAGE_SIZE ? lastPage[lastPage.length - 1]?.timeListed : undefined,
    staleTime: 0,
  });

export const useApprovalQueue = () => useInfiniteQuery(approvalQueueQueryOptions());

export type ApprovalDecision = 'approve' | 'reject';

/** POST /item/{id}/approve or /reject. */
export async function decideApproval(id: string, decision: ApprovalDecision): Promise<void> {
  await api.post(`/item/${encodeURIComponent(id)}/${decision}`);
}
