import { ORDER_ERRORS, SHIP_WITHIN_HOURS, type MailingAddress } from '@keeb/shared';
import type { Tx } from '../../db/client';
import { AppError } from '../../platform/errors';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { scheduleLate } from './deadlines';
import * as mails from './mail-templates';
import type { OrderItemRef, OrderNotices, OrderPushes } from './notices';
import * as repo from './repo';

const HOUR = 3_600_000;

/** Issue 36: unshipped, still open, and no address to ship to: both sides are told, the buyer asked for one. */
export const awaitsAddress = (o: repo.OrderRow) => o.shipTo === null && o.shippedAt === null && (o.status === 'paid' || o.status === 'problem');

/**
 * PUT /api/order/{id}/ship-to, under the order's lock (service.act): the buyer gives the address a payment came
 * without. Only a missing one (an address the seller may already have packed for is not switched under them:
 * 'ship_to_set'), only before shipping. The seller's 72 hours run from now when that is later than the payment's,
 * with the 'late' deadline queued anew (the earlier one finds ship_by moved and does nothing); the seller is mailed
 * the address and pushed.
 */
export async function addShipTo(
  deps: { jobs: JobQueue; notices: OrderNotices },
  tx: Tx,
  order: repo.OrderRow,
  v: repo.OrderView,
  pushes: OrderPushes,
  ref: OrderItemRef,
  address: MailingAddress,
) {
  if (order.shippedAt || !(order.status === 'paid' || order.status === 'problem')) throw new AppError(409, ORDER_ERRORS.invalidState);
  if (order.shipTo) throw new AppError(409, ORDER_ERRORS.shipToSet);
  const now = Date.now();
  const shipBy = new Date(Math.max(order.shipBy.getTime(), now + SHIP_WITHIN_HOURS * HOUR));
  const moved = await repo.moveOrder(tx, order.id, [order.status], { shipTo: address, shipBy });
  if (!moved) throw new AppError(409, ORDER_ERRORS.invalidState);
  await repo.addEvent(tx, order.id, 'ship_to_added', order.buyerId);
  if (shipBy.getTime() !== order.shipBy.getTime()) await scheduleLate(deps.jobs, tx, order.id, shipBy);
  const { notices } = deps;
  const due = shipBy.toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' });
  await notices.mail(tx, order.sellerId, 'seller', `order-ship-to:${order.id}`, (c) => mails.shipToAddedMail(c.email, c.username, v.itemName, address, due, notices.orderUrl(order.id)));
  pushes.update([order.sellerId], ref, order.status, `The buyer added where to ship ${v.itemName}.`);
  // The buyer's orders badge counted the missing address.
  pushes.counts([order.buyerId]);
}
