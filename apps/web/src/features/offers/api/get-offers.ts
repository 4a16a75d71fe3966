import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ReceivedItemGroup, SentOffer } from '@keeb/shared';
import { api } from '../../../lib/api';
import { sessionKeys } from '../../../lib/session';
import { offerKeys } from './keys';

/**
 * Reading either list marks the user's offers seen on the server (spec part 2: opening the screen resets the
 * new-offers counter), so the badges are asked for again once the list has arrived.
 */
function refreshBadges(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: sessionKeys.notificationCounts });
}

/** GET /me/offers/sent: the buyer's offers, newest first. */
export async function getSentOffers(signal?: AbortSignal): Promise<SentOffer[]> {
  const { data } = await api.get<SentOffer[]>('/me/offers/sent', { signal });
  return data;
}

/** GET /me/offers/received: the seller's items with offers, grouped per item. */
export async function getReceivedOffers(signal?: AbortSignal): Promise<ReceivedItemGroup[]> {
  const { data } = await api.get<ReceivedItemGroup[]>('/me/offers/received', { signal });
  return data;
}

export const sentOffersQueryOptions = (queryClient: QueryClient) =>
  queryOptions({
    queryKey: offerKeys.sent,
    queryFn: async ({ signal }) => {
      const offers = await getSentOffers(signal);
      refreshBadges(queryClient);
      return offers;
    },
  });

export const receivedOffersQueryOptions = (queryClient: QueryClient) =>
  queryOptions({
    queryKey: offerKeys.received,
    queryFn: async ({ signal }) => {
      const groups = await getReceivedOffers(signal);
      refreshBadges(queryClient);
      return groups;
    },
  });

export const useSentOffers = () => useQuery(sentOffersQueryOptions(useQueryClient()));
export const useReceivedOffers = () => useQuery(receivedOffersQueryOptions(useQueryClient()));
