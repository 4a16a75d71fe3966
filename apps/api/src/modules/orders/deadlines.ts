import { AUTO_RECEIVE_DAYS, RECEIVE_REMINDER_DAYS, SHIP_REMINDER_HOURS } from '@keeb/shared';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { orders } from '../../db/schema/index';
import type { JobQueue } from '../../platform/jobs/job-queue';
import type { JobPayloads } from '../../platform/jobs/queues';
import * as mails from './mail-templates';
import type { OrderNotices } from './notices';
import * as repo from './repo';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
type Deadline = JobPayloads['order-deadline'];

/**
 * The order's deadlines, each a job queued in the transaction that enters the state it belongs to, keyed by the
 * order, the kind and the time it is due (so a re-queue after a problem is a job of its own). Each job checks
 * that the order is still where it was when queued: a conditional update, a no-op otherwise.
 */
export async function scheduleShipDeadlines(jobs: JobQueue, tx: Tx, orderId: string, paidAt: Date, shipBy: Date) {
  await send(jobs, tx, { orderId, kind: 'ship-reminder' }, new Date(paidAt.getTime() + SHIP_REMINDER_HOURS * HOUR));
  await send(jobs, tx, { orderId, kind: 'late' }, shipBy);
}

/** Issue 36: ship_by moved later (an address given after the payment): 'late' is due anew at the new time. */
export async function scheduleLate(jobs: JobQueue, tx: Tx, orderId: string, shipBy: Date) {
  await send(jobs, tx, { orderId, kind: 'late' }, shipBy);
}

export async function scheduleReceiveDeadlines(jobs: JobQueue, tx: Tx, orderId: string, shippedAt: Date) {
  await send(jobs, tx, { orderId, kind: 'receive-reminder' }, new Date(shippedAt.getTime() + RECEIVE_REMINDER_DAYS * DAY));
  await send(jobs, tx, { orderId, kind: 'auto-receive' }, new Date(shippedAt.getTime() + AUTO_RECEIVE_DAYS * DAY));
}

/**
 * After a problem ends on a shipped order: its automatic confirmation is due again, 14 days after shipping, but
 * never sooner than RESUME_AUTO_RECEIVE_DAYS from now, so a buyer whose problem ends late still has days to confirm
 * or report again (docs/decisions/0325-after-a-problem-ends.md).
 */
export const RESUME_AUTO_RECEIVE_DAYS = 3;
export async function resumeAutoReceive(jobs: JobQueue, tx: Tx, orderId: string, shippedAt: Date) {
  const due = Math.max(shippedAt.getTime() + AUTO_RECEIVE_DAYS * DAY, Date.now() + RESUME_AUTO_RECEIVE_DAYS * DAY);
  await send(jobs, tx, { orderId, kind: 'auto-receive' }, new Date(due));
}

const send = (jobs: JobQueue, tx: Tx, payload: Deadline, at: Date) =>
  jobs.send('order-deadline', payload, { tx, key: `${payload.orderId}:${payload.kind}:${at.toISOString()}`, startAfter: at });

/** The 'order-deadline' handler. */
export function deadlineJob(deps: { db: Database; notices: OrderNotices; tradeReceived: (tx: Tx, orderId: string) => Promise<(() => void) | undefined> }) {
  const { db, notices } = deps;
  return async (payload: Deadline) => {
    const pushes = notices.pushes();
    await db.transaction(async (tx) => {
      const order = await repo.lockOrder(tx, payload.orderId);
      if (!order) return;
      const view = await repo.orderView(tx, order.id);
      if (!view) return;
      const ref = { orderId: order.id, itemId: order.itemId, itemName: view.itemName, itemThumbnail: view.itemThumbnail };
      const url = notices.orderUrl(order.id);
      switch (payload.kind) {
        case 'ship-reminder':
          if (order.status !== 'paid') return;
          await notices.mail(tx, order.sellerId, 'seller', `order-ship-reminder:${order.id}`, (c) => mails.shipReminderMail(c.email, c.username, view.itemName, url));
          pushes.update([order.sellerId], ref, 'paid', `Please ship ${view.itemName}: it was paid 48 hours ago.`);
          return;
        case 'late': {
          // Late is a reading of the clock (repo.lateSql); the event puts it on the timeline once.
          if (order.status !== 'paid' || order.shipBy.getTime() > Date.now()) return;
          await repo.addEvent(tx, order.id, 'late', null);
          pushes.update([order.buyerId, order.sellerId], ref, 'paid', `${view.itemName} is late: it was not shipped within 72 hours.`);
          return;
        }
        case 'receive-reminder':
          if (order.status !== 'shipped') return;
          await notices.mail(tx, order.buyerId, 'buyer', `order-receive-reminder:${order.id}`, (c) => mails.receiveReminderMail(c.email, c.username, view.itemName, url));
          pushes.update([order.buyerId], ref, 'shipped', `Did ${view.itemName} arrive? Please confirm it or report a problem.`);
          return;
        case 'auto-receive': {
          const moved = await repo.moveOrder(
            tx,
            order.id,
            ['shipped'],
            { status: 'received', receivedAt: new Date(), closedAt: new Date(), autoReceived: true },
            sql`${orders.shippedAt} + make_interval(days => ${AUTO_RECEIVE_DAYS}) <= now()`,
          );
          if (!moved) return;
          await repo.addEvent(tx, order.id, 'received', null, { auto: true });
          await notices.mail(tx, order.sellerId, 'seller', `order-received:${order.id}`, (c) => mails.receivedMail(c.email, c.username, view.itemName, true, url));
          pushes.update([order.buyerId, order.sellerId], ref, 'received', `${view.itemName} was confirmed received automatically.`);
          pushes.counts([order.buyerId, order.sellerId]);
          if (order.tradeId) {
            const completed = await deps.tradeReceived(tx, order.id);
            if (completed) pushes.after(completed);
          }
          return;
        }
      }
    });
    pushes.flush();
  };
}
