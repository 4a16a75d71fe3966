import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { ACCOUNT_ERRORS, ADDRESS_VISIBLE_DAYS, offersRowPath, type OpenDeal } from '@keeb/shared';
import type { Queryable, Tx } from '../../db/client';
import { items, offers, orders, purchases, trades, users } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { overdue as offerOverdue, recordEvent as recordOfferEvent } from '../offers/repo';
import { scrubUser } from './repo';

/**
 * Issue 36: what an account's removal must respect. Money or a parcel still in play (an accepted trade not yet
 * settled, an accepted offer within its payment window, a checkout at the provider, an order not yet received)
 * keeps the account: 409 open_deals with each one and where to end it. What was only proposed (pending trades and
 * offers, either side) closes with the removal, and the other side is told.
 */

/** What the removal closes with the modules that own it, in the removal's transaction (bound in app.ts). */
export interface RemovalDeals {
  /** Closes the open trades and offers of the removed user's listings and their own open offers; answers whose counts moved. */
  closeProposed(tx: Tx, userId: string, listings: Array<{ id: string; name: string }>): Promise<string[]>;
  /** Pushes the moved counts, after the commit. */
  countsMoved(userIds: readonly string[]): void;
}

/**
 * Locks the account's row and its unsold listings (in id order, as a trade's acceptance takes items), so that no
 * trade can be accepted on them, nor a checkout of the user's start, between the check and the removal.
 */
export async function lockForRemoval(tx: Tx, userId: string) {
  await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for update`);
  return tx
    .select({ id: items.id, name: items.name })
    .from(items)
    .where(and(eq(items.sellerId, userId), isNull(items.removedAt), isNull(items.purchaserId)))
    .orderBy(asc(items.id))
    .for('update');
}

/** The deals that keep `userId`'s account, oldest kind of commitment first: trades, offers, checkouts, orders. */
export async function openDealsOf(db: Queryable, userId: string): Promise<OpenDeal[]> {
  const [tradeRows, offerRows, checkoutRows, orderRows] = await Promise.all([
    db
      .select({ id: trades.id, itemId: trades.itemId, itemName: items.name })
      .from(trades)
      .innerJoin(items, eq(items.id, trades.itemId))
      .where(and(sql`(${trades.sellerId} = ${userId} or ${trades.proposerId} = ${userId})`, eq(trades.status, 'accepted'), isNull(trades.settledAt))),
    db
      .select({ id: offers.id, itemId: offers.itemId, itemName: items.name, buyerId: offers.buyerId })
      .from(offers)
      .innerJoin(items, eq(items.id, offers.itemId))
      .where(and(sql`(${offers.buyerId} = ${userId} or ${offers.sellerId} = ${userId})`, eq(offers.status, 'accepted'), sql`not ${offerOverdue}`)),
    // A trade's cash at the provider is its trade's (listed above); these are sales.
    db
      .select({ id: purchases.id, itemId: purchases.itemId, itemName: items.name })
      .from(purchases)
      .innerJoin(items, eq(items.id, purchases.itemId))
      .where(and(sql`(${purchases.buyerId} = ${userId} or ${purchases.sellerId} = ${userId})`, isNull(purchases.tradeId), inArray(purchases.status, ['open', 'capturing', 'capture_pending']))),
    db
      .select({ id: orders.id, itemId: orders.itemId, itemName: items.name })
      .from(orders)
      .innerJoin(items, eq(items.id, orders.itemId))
      .where(and(sql`(${orders.buyerId} = ${userId} or ${orders.sellerId} = ${userId})`, inArray(orders.status, ['paid', 'shipped', 'problem']))),
  ]);
  return [
    ...tradeRows.map((r) => ({ kind: 'trade' as const, ...r, link: offersRowPath('trades', r.id) })),
    ...offerRows.map(({ buyerId, ...r }) => ({ kind: 'offer' as const, ...r, link: offersRowPath(buyerId === userId ? 'sent' : 'received', r.id) })),
    ...checkoutRows.map((r) => ({ kind: 'checkout' as const, ...r, link: `/detail/${r.itemId}` })),
    ...orderRows.map((r) => ({ kind: 'order' as const, ...r, link: `/me/orders/${r.id}` })),
  ];
}

/** Refuses the removal while anything is open (409 open_deals, with the list). */
export async function assertNothingOpen(tx: Tx, userId: string) {
  const open = await openDealsOf(tx, userId);
  if (open.length > 0) throw new AppError(409, ACCOUNT_ERRORS.openDeals, { open });
}

/**
 * The removed user's own offers still waiting for an answer are withdrawn (`removed`, as a buyer's delete): the
 * sellers' lists drop them. Answers the sellers whose counts moved.
 */
export async function withdrawOwnOffers(tx: Tx, userId: string): Promise<string[]> {
  const rows = await tx
    .update(offers)
    .set({ status: 'removed', updatedAt: sql`now()` })
    .where(and(eq(offers.buyerId, userId), inArray(offers.status, ['pending', 'countered'])))
    .returning({ id: offers.id, sellerId: offers.sellerId });
  for (const r of rows) await recordOfferEvent(tx, r.id, 'remove', userId);
  return rows.map((r) => r.sellerId);
}

/**
 * The ship-to of the user's orders closed more than `days` ago: nobody is shown it any more (issue 26's rule), so
 * the removal keeps none of it. Orders closed since keep it for their seller until then.
 */
export async function eraseOldShipTo(db: Queryable, userId: string, days = ADDRESS_VISIBLE_DAYS) {
  await db
    .update(orders)
    .set({ shipTo: null })
    .where(and(eq(orders.buyerId, userId), sql`${orders.closedAt} < now() - make_interval(days => ${days})`));
}

/** When the last ship-to still kept for the user's orders passes its `days` (the 'removed-ship-to' job's time). */
export async function shipToKeptUntil(tx: Tx, userId: string, days: number): Promise<Date | undefined> {
  const [row] = await tx
    .select({ until: sql<string | null>`max(${orders.closedAt}) + make_interval(days => ${days}) + interval '1 minute'` })
    .from(orders)
    .where(and(eq(orders.buyerId, userId), sql`${orders.shipTo} is not null`, sql`${orders.closedAt} is not null`));
  return row?.until ? new Date(row.until) : undefined;
}

/**
 * The removal itself, in the caller's transaction (which then ends the sessions): under the account's and its
 * listings' locks nothing may be in play (409 open_deals); the account is scrubbed, its old order addresses erased
 * (the rest queued for when their 90 days pass), and what was only proposed closed. Answers whose counts moved.
 */
export async function removeInTransaction(tx: Tx, userId: string, deps: { jobs: JobQueue; deals: RemovalDeals | undefined }): Promise<string[]> {
  const listings = await lockForRemoval(tx, userId);
  await assertNothingOpen(tx, userId);
  await scrubUser(tx, userId);
  await eraseOldShipTo(tx, userId);
  const until = await shipToKeptUntil(tx, userId, ADDRESS_VISIBLE_DAYS);
  if (until) await deps.jobs.send('removed-ship-to', { userId }, { tx, key: `removed-ship-to:${userId}`, startAfter: until });
  return [...(await withdrawOwnOffers(tx, userId)), ...((await deps.deals?.closeProposed(tx, userId, listings)) ?? [])];
}
