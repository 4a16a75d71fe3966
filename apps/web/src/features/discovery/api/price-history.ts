import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ItemListQuery, PriceHistory, PriceHistoryQuery } from '@keeb/shared';
import { api } from '../../../lib/api';

/** GET /items/price-history: what items matching a search and its filters sold for lately. */
export async function getPriceHistory(query: PriceHistoryQuery, signal?: AbortSignal): Promise<PriceHistory> {
  const { data } = await api.get<PriceHistory>('/items/price-history', { params: query, signal });
  return data;
}

export const priceHistoryQueryOptions = (query: PriceHistoryQuery) =>
  queryOptions({
    queryKey: ['price-history', query] as const,
    queryFn: ({ signal }) => getPriceHistory(query, signal),
    // Sales come in slowly; a search visited again within minutes needs no second call.
    staleTime: 5 * 60_000,
  });

export const usePriceHistory = (query: PriceHistoryQuery, enabled = true) =>
  useQuery({ ...priceHistoryQueryOptions(query), enabled });

/**
 * The history that matches a feed's list: its search text and filters, not its sort. Undefined when the list is
 * neither searched nor filtered: the whole marketplace's median prices nothing in particular.
 */
export function priceHistoryQueryOf(list: Pick<ItemListQuery, 'searchText' | 'categoryIds' | 'regions' | 'saleType'> | undefined) {
  if (!list) return undefined;
  const query: PriceHistoryQuery = {};
  if (list.searchText) query.searchText = list.searchText;
  if (list.categoryIds) query.categoryIds = list.categoryIds;
  if (list.regions) query.regions = list.regions;
  if (list.saleType) query.saleType = list.saleType;
  return Object.keys(query).length > 0 ? query : undefined;
}
