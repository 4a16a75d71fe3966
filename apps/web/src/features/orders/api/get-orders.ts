import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ORDERS_PAGE_SIZE, type OrderSummary } from '@keeb/shared';
import { api } from '../../../lib/api';
import { orderKeys, type OrderRole } from './keys';

export interface OrdersPage {
  orders: OrderSummary[];
  nextCursor: string | null;
}

/**
 * GET /me/orders?role&cursor: one page of the user's orders, newest first. The one place that reads the answer's
 * shape: the API answers a bare array (the project's list rule); a full page continues after its last order, by the
 * keyset cursor `${paidAt}_${_id}` (OrdersQuerySchema). `{ orders, nextCursor }` is read as well.
 */
export async function getOrders(role: OrderRole, cursor: string | undefined, signal?: AbortSignal): Promise<OrdersPage> {
  const { data } = await api.get<OrdersPage | OrderSummary[]>('/me/orders', { params: cursor ? { role, cursor } : { role }, signal });
  if (!Array.isArray(data)) return data;
  const last = data.length >= ORDERS_PAGE_SIZE ? data[data.length - 1] : undefined;
  return { orders: data, nextCursor: last ? `${last.paidAt}_${last._id}` : null };
}

export const ordersQueryOptions = (role: OrderRole) =>
  infiniteQueryOptions({
    queryKey: orderKeys.list(role),
    queryFn: ({ pageParam, signal }) => getOrders(role, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });

export const useOrders = (role: OrderRole) => useInfiniteQuery(ordersQueryOptions(role));
