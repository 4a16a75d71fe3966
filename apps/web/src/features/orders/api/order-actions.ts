import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MailingAddress, OrderDetail, ProblemReason } from '@keeb/shared';
import { api } from '../../../lib/api';
import { sessionKeys } from '../../../lib/session';
import { orderPath } from './get-order';
import { orderKeys } from './keys';

export interface ShipInput {
  trackingNumber?: string;
  carrier?: string;
}

export interface ProblemInput {
  reason: ProblemReason;
  details: string;
}

/** The calls behind the order page's buttons; each answers the order as it now is. */
export const orderActions = {
  ship: (id: string, input: ShipInput) => api.post<OrderDetail>(`${orderPath(id)}/ship`, input),
  received: (id: string) => api.post<OrderDetail>(`${orderPath(id)}/received`),
  problem: (id: string, input: ProblemInput) => api.post<OrderDetail>(`${orderPath(id)}/problem`, input),
  resolve: (id: string) => api.post<OrderDetail>(`${orderPath(id)}/problem/resolve`),
  /** Issue 36: the address a payment came without; the order's own (Settings are not changed). */
  shipTo: (id: string, address: MailingAddress) => api.put<OrderDetail>(`${orderPath(id)}/ship-to`, address),
};

/**
 * One of the order's actions: the answer replaces the open order at once; the lists and the badge counts (an
 * order shipped or confirmed is one less to act on) are asked for again. A refusal refreshes the order too: the
 * usual cause is that the other side acted meanwhile.
 */
export function useOrderAction<TInput>(id: string, call: (input: TInput) => Promise<{ data: OrderDetail }>) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: orderKeys.lists });
    void queryClient.invalidateQueries({ queryKey: sessionKeys.notificationCounts });
  };
  return useMutation({
    mutationFn: async (input: TInput) => (await call(input)).data,
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.detail(id), order);
      refresh();
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.detail(id) });
      refresh();
    },
  });
}
