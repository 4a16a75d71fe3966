import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationCounts } from '@keeb/shared';
import { api } from '../api';
import { sessionKeys } from './keys';
import { useIsLoggedIn } from './get-session';

export const NO_NOTIFICATIONS: NotificationCounts = { numNewOffers: 0, numNewMessages: 0, numNewWantMatches: 0, numOrdersToAct: 0, numNewTrades: 0 };

/** Counts are a hint, not content: a failed call (or a server without the endpoint yet) reads as zero. */
export async function getNotificationCounts(signal?: AbortSignal): Promise<NotificationCounts> {
  try {
    const { data } = await api.get<NotificationCounts>('/me/notifications', { signal });
    return data;
  } catch {
    return NO_NOTIFICATIONS;
  }
}

export const notificationCountsQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.notificationCounts,
    queryFn: ({ signal }) => getNotificationCounts(signal),
    staleTime: 30_000,
  });

export function useNotificationCounts(): NotificationCounts {
  const isLoggedIn = useIsLoggedIn();
  const { data } = useQuery({ ...notificationCountsQueryOptions(), enabled: isLoggedIn });
  // A counter the server leaves out (one from before it existed) reads as zero, not as an empty badge.
  return isLoggedIn && data ? { ...NO_NOTIFICATIONS, ...data } : NO_NOTIFICATIONS;
}
