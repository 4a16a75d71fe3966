import { infiniteQueryOptions, useInfiniteQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { TRADES_PAGE_SIZE, type Trade } from '@keeb/shared';
import { api } from '../../../lib/api';
import { sessionKeys } from '../../../lib/session';
import { tradeKeys, type TradeRole } from './keys';

/** GET /me/trades?role=...&cursor=...: newest activity first. */
export async function getTrades(role: TradeRole, cursor: string | undefined, signal?: AbortSignal): Promise<Trade[]> {
  const { data } = await api.get<Trade[]>('/me/trades', { params: cursor ? { role, cursor } : { role }, signal });
  return data;
}

/**
 * Pages of TRADES_PAGE_SIZE; a short page is the last. Reading the first page marks the trades seen on the server
 * (as the offers lists do), so the badges are asked for again once it has arrived.
 */
export const tradesQueryOptions = (role: TradeRole, queryClient: QueryClient) =>
  infiniteQueryOptions({
    queryKey: tradeKeys.list(role),
    queryFn: async ({ pageParam, signal }) => {
      const trades = await getTrades(role, pageParam, signal);
      if (!pageParam) void queryClient.invalidateQueries({ queryKey: sessionKeys.notificationCounts });
      return trades;
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => {
      const last = lastPage.length === TRADES_PAGE_SIZE ? lastPage[lastPage.length - 1] : undefined;
      return last ? `${last.updatedAt}_${last._id}` : undefined;
    },
  });

export const useTrades = (role: TradeRole) => useInfiniteQuery(tradesQueryOptions(role, useQueryClient()));
