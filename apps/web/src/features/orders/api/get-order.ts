import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderDetail } from '@keeb/shared';
import { api } from '../../../lib/api';
import { orderKeys } from './keys';

export const orderPath = (id: string) => `/order/${encodeURIComponent(id)}`;

/** GET /order/{id}: its buyer's, its seller's and admins' only (404 not_found for anyone else). */
export async function getOrder(id: string, signal?: AbortSignal): Promise<OrderDetail> {
  const { data } = await api.get<OrderDetail>(orderPath(id), { signal });
  return data;
}

export const orderQueryOptions = (id: string) => queryOptions({ queryKey: orderKeys.detail(id), queryFn: ({ signal }) => getOrder(id, signal) });

export const useOrder = (id: string) => useQuery(orderQueryOptions(id));
