import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { NOTIFICATION_HIDE_MS } from '@keeb/shared';
import { useSession } from './session';

/** How a notice hears of its pushes: the tab's realtime connection (app/ passes the chat socket's subscription). */
export type SubscribeToPush<T> = (listener: (push: T) => void) => () => void;

/**
 * The latest push of one kind for a corner notification (a want's new match, an order's news), while signed in:
 * each push refreshes `refresh` (so an open page shows the change) and is shown until NOTIFICATION_HIDE_MS pass or
 * `dismiss` is called (the card was opened).
 */
export function usePushNotice<T>(subscribe: SubscribeToPush<T>, refresh: QueryKey): [notice: T | null, dismiss: () => void] {
  const queryClient = useQueryClient();
  const signedIn = useSession().data?.isLoggedIn === true;
  const [notice, setNotice] = useState<T | null>(null);
  const refreshKey = JSON.stringify(refresh);

  useEffect(() => {
    if (!signedIn) {
      setNotice(null);
      return;
    }
    return subscribe((push) => {
      void queryClient.invalidateQueries({ queryKey: JSON.parse(refreshKey) as QueryKey });
      setNotice(push);
    });
  }, [queryClient, signedIn, subscribe, refreshKey]);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), NOTIFICATION_HIDE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  return [notice, () => setNotice(null)];
}
