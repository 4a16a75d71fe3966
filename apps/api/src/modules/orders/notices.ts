import type { OrderNotification } from '@keeb/shared';
import type { Config } from '../../config';
import type { Tx } from '../../db/client';
import type { JobQueue } from '../../platform/jobs/job-queue';
import type { MailMessage } from '../../adapters/mail/mail';
import { queueMail } from '../../adapters/mail/mail-queue';
import type { RealtimeHub } from '../../realtime/hub';
import * as repo from './repo';

type Contact = NonNullable<Awaited<ReturnType<typeof repo.contactOf>>>;

/** The order's item as a push carries it. */
export interface OrderItemRef {
  orderId: string;
  itemId: string;
  itemName: string;
  itemThumbnail: string;
}

/**
 * How an order tells its two sides: a mail queued in the transaction (under the side's preference: the seller's
 * itemSell, the buyer's offers), and, once that transaction commits, an `orderUpdate` corner notification and new
 * badge counts to their open tabs. Pushes are collected during the transaction and sent by `flush` after it.
 */
export function createOrderNotices(deps: { config: Config; jobs: JobQueue; hub: RealtimeHub }) {
  const { config, jobs, hub } = deps;
  const orderUrl = (id: string) => `${config.appUrl}/me/orders/${id}`;

  async function mail(tx: Tx, userId: string, side: 'buyer' | 'seller', key: string, render: (c: Contact) => MailMessage) {
    const to = await repo.contactOf(tx, userId);
    if (!to || to.removedAt) return;
    if ((side === 'seller' ? to.prefs.itemSell : to.prefs.offers) === false) return;
    await queueMail(jobs, tx, key, render(to));
  }

  /** Pushes to send after the commit. */
  function pushes() {
    const queued: Array<() => void> = [];
    return {
      update(userIds: readonly string[], ref: OrderItemRef, status: OrderNotification['status'], text: string) {
        queued.push(() =>
          hub.toUsers(userIds, 'orderUpdate', { orderId: ref.orderId, item: { _id: ref.itemId, name: ref.itemName, thumbnail: ref.itemThumbnail }, status, text }),
        );
      },
      counts(userIds: readonly string[]) {
        queued.push(() => {
          for (const id of new Set(userIds)) hub.notifyCounts(id);
        });
      },
      after(push: () => void) {
        queued.push(push);
      },
      flush() {
        for (const push of queued.splice(0)) push();
      },
    };
  }

  return { orderUrl, mail, pushes };
}

export type OrderNotices = ReturnType<typeof createOrderNotices>;
export type OrderPushes = ReturnType<OrderNotices['pushes']>;
