import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { NOTIFICATION_HIDE_MS, type OrderNotification } from '@keeb/shared';
import { useSession } from '../../../lib/session';
import { orderKeys } from '../api/keys';

// The card itself loads with the first push: the shell (in every page's first load) carries only the listening.
const OrderUpdateToast = lazy(async () => ({ default: (await import('./order-update-toast')).OrderUpdateToast }));

/** How the notice hears of order news: the tab's realtime connection (app/ passes the chat socket's subscription). */
export type SubscribeToOrderUpdates = (listener: (update: OrderNotification) => void) => () => void;

/**
 * The corner notification for an `orderUpdate` push (issue 26): the server's text, linking to the order, gone after
 * NOTIFICATION_HIDE_MS like the other notices. Each push refreshes the order queries, so an open order page or
 * list shows the change; the badge counts come with their own `counts` push.
 */
export function OrderUpdateNotice({ subscribe }: { subscribe: SubscribeToOrderUpdates }) {
  const queryClient = useQueryClient();
  const signedIn = useSession().data?.isLoggedIn === true;
  const [notice, setNotice] = useState<OrderNotification | null>(null);

  useEffect(() => {
    if (!signedIn) {
      setNotice(null);
      return;
    }
    return subscribe((update) => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      setNotice(update);
    });
  }, [queryClient, signedIn, subscribe]);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), NOTIFICATION_HIDE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  if (!notice) return null;
  return (
    <Suspense fallback={null}>
      <OrderUpdateToast notice={notice} onOpen={() => setNotice(null)} />
    </Suspense>
  );
}
