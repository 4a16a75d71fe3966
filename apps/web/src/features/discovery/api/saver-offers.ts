import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SaverOffer, SaverOfferTaken } from '@keeb/shared';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { myItemsSource } from './profiles';

/**
 * Everything the Saved tab shows hangs under the Saved list's key (['items', 'list', 'me', 'saved']): its cards and
 * the offers to savers above them. One invalidation (a `savedItemUpdate` push) refreshes both.
 */
export const savedTabKey = ['items', 'list', ...myItemsSource('saved').key] as const;

/** GET /me/saver-offers (issue 29): the offers to savers the viewer received, newest first. */
export async function getSaverOffers(signal?: AbortSignal): Promise<SaverOffer[]> {
  const { data } = await api.get<{ saverOffers: SaverOffer[] }>('/me/saver-offers', { signal });
  return data.saverOffers;
}

/** The viewer is part of the key, as on the Saved list itself. */
export const saverOffersQueryOptions = (viewerId: string | null) =>
  queryOptions({
    queryKey: [...savedTabKey, 'saver-offers', { viewerId }] as const,
    queryFn: ({ signal }) => getSaverOffers(signal),
    staleTime: 30_000,
  });

export function useSaverOffers() {
  const session = useSession();
  const viewerId = session.data?.isLoggedIn ? (session.data.userId ?? null) : null;
  return useQuery({ ...saverOffersQueryOptions(viewerId), enabled: viewerId !== null });
}

/** POST /saver-offer/{id}/take: an accepted offer at that price for the viewer, paid as any accepted offer. */
export async function takeSaverOffer(id: string): Promise<SaverOfferTaken> {
  const { data } = await api.post<SaverOfferTaken>(`/saver-offer/${encodeURIComponent(id)}/take`);
  return data;
}
