import { lazy, Suspense } from 'react';
import type { OrderNotification } from '@keeb/shared';
import { usePushNotice, type SubscribeToPush } from '../../../lib/use-push-notice';
import { orderKeys } from '../api/keys';

// The card itself loads with the first push: the shell (in every page's first load) carries only the listening.
const OrderUpdateToast = lazy(async () => ({ default: (await import('./order-update-toast')).OrderUpdateToast }));

/** How the notice hears of order news: the tab's realtime connection (app/ passes the chat socket's subscription). */
export type SubscribeToOrderUpdates = SubscribeToPush<OrderNotification>;

/**
 * The corner notification for an `orderUpdate` push (issue 26): the server's text, linking to the order, gone after
 * NOTIFICATION_HIDE_MS like the other notices. Each push refreshes the order queries, so an open order page or
 * list shows the change; the badge counts come with their own `counts` push.
 */
export function OrderUpdateNotice({ subscribe }: { subscribe: SubscribeToOrderUpdates }) {
  const [notice, dismiss] = usePushNotice(subscribe, orderKeys.all);
  if (!notice) return null;
  return (
    <Suspense fallback={null}>
      <OrderUpdateToast notice={notice} onOpen={dismiss} />
    </Suspense>
  );
}
