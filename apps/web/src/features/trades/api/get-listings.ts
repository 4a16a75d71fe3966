import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ItemSummary } from '@keeb/shared';
import { api } from '../../../lib/api';
import { tradeKeys } from './keys';

/**
 * What the item answers gain for trades (issue 28, added by the listings part): read as optional here so the
 * screens work before and after those fields arrive.
 */
export interface TradeListingFields {
  openToTrades?: boolean;
  lookingFor?: string | null;
  /** Held by an accepted trade: not offerable, shown 'Trade pending'. */
  tradePending?: boolean;
}

export type TradeListing = ItemSummary & TradeListingFields;

/**
 * GET /user/{username}/items/listed: the user's public listings (approved, unsold), newest first; the picker
 * shows its first page, which holds more than anyone offers in one trade.
 */
export async function getListings(username: string, signal?: AbortSignal): Promise<TradeListing[]> {
  const { data } = await api.get<TradeListing[]>(`/user/${encodeURIComponent(username)}/items/listed`, { signal });
  return data;
}

export const useListings = (username: string) =>
  useQuery(queryOptions({ queryKey: tradeKeys.listings(username), queryFn: ({ signal }) => getListings(username, signal) }));

/** GET /me/address: whether the user has a mailing address to be shipped to (proposing and accepting need one). */
export const useHasAddress = () =>
  useQuery(
    queryOptions({
      queryKey: tradeKeys.address,
      queryFn: async ({ signal }) => (await api.get<unknown>('/me/address', { signal })).data !== null,
    }),
  );
