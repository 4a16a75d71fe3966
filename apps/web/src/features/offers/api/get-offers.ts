import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { RECEIVED_PAGE_SIZE, type ReceivedItemGroup, type ReceivedOffersQuery, type SentOffer } from '@keeb/shared';
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

/** GET /me/offers/received: a page of the seller's items with their offers, latest activity first. */
export async function getReceivedOffers(query: ReceivedOffersQuery, signal?: AbortSignal): Promise<ReceivedItemGroup[]> {
  const { data } = await api.get<ReceivedItemGroup[]>('/me/offers/received', { params: query, signal });
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

/** Pages of RECEIVED_PAGE_SIZE items; a short page is the last. A refresh after an action refetches every page. */
export const receivedOffersQueryOptions = (queryClient: QueryClient) =>
  infiniteQueryOptions({
    queryKey: offerKeys.received,
    queryFn: async ({ pageParam, signal }) => {
      const groups = await getReceivedOffers(pageParam ?? {}, signal);
      if (!pageParam) refreshBadges(queryClient);
      return groups;
    },
    initialPageParam: undefined as ReceivedOffersQuery | undefined,
    getNextPageParam: (lastPage) => {
      const last = lastPage.length === RECEIVED_PAGE_SIZE ? lastPage[lastPage.length - 1] : undefined;
      return last ? { ts: last.lastActivityAt, cursorId: last._id } : undefined;
    },
  });

export const useSentOffers = () => useQuery(sentOffersQueryOptions(useQueryClient()));
export const useReceivedOffers = () => useInfiniteQuery(receivedOffersQueryOptions(useQueryClient()));
