import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { OrderSummary } from '@keeb/shared';
import { api } from '../../../lib/api';
import { orderKeys, type OrderRole } from './keys';

export interface OrdersPage {
  orders: OrderSummary[];
  nextCursor: string | null;
}

/**
 * GET /me/orders?role&cursor: one page of the user's orders, newest first. The one place that reads the answer's
 * shape: a bare array (no cursor) reads as a last page.
 */
export async function getOrders(role: OrderRole, cursor: string | undefined, signal?: AbortSignal): Promise<OrdersPage> {
  const { data } = await api.get<OrdersPage | OrderSummary[]>('/me/orders', { params: cursor ? { role, cursor } : { role }, signal });
  return Array.isArray(data) ? { orders: data, nextCursor: null } : data;
}

export const ordersQueryOptions = (role: OrderRole) =>
  infiniteQueryOptions({
    queryKey: orderKeys.list(role),
    queryFn: ({ pageParam, signal }) => getOrders(role, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });

export const useOrders = (role: OrderRole) => useInfiniteQuery(ordersQueryOptions(role));
