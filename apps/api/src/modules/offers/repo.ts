import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { PAYMENT_WINDOW_MS, RECEIVED_STATUSES, type OfferStatus } from '@keeb/shared';
import type { Queryable, Tx } from '../../db/client';
import { itemSaves, itemShipping, items, offerEvents, offers, purchases, regions, users } from '../../db/schema/index';

export type OfferRow = typeof offers.$inferSelect;
const WINDOW = sql.raw(`interval '${PAYMENT_WINDOW_MS / 1000} seconds'`);

export async function findOffer(db: Queryable, offerId: string) {
  const [row] = await db.select().from(offers).where(eq(offers.id, offerId));
  return row;
}

/**
 * Locks the item row for the rest of the transaction: every offer and payment change on one item takes this
 * lock first (always before any offer row), so they run one at a time per item and never deadlock.
 */
export async function lockItem(tx: Tx, itemId: string) {
  const [row] = await tx
    .select({
      id: items.id,
      sellerId: items.sellerId,
      name: items.name,
      priceCents: items.priceCents,
      offersAccepted: items.offersAccepted,
      isFixedPrice: items.isFixedPrice,
      approvalStatus: items.approvalStatus,
      paymentStatus: items.paymentStatus,
      purchaserId: items.purchaserId,
      removedAt: items.removedAt,
    })
    .from(items)
    .where(eq(items.id, itemId))
    .for('update');
  return row;
}
export type LockedItem = NonNullable<Awaited<ReturnType<typeof lockItem>>>;

export async function shippingTo(db: Queryable, itemId: string, regionCode: string) {
  const [row] = await db
    .select({ priceCents: itemShipping.priceCents })
    .from(itemShipping)
    .where(and(eq(itemShipping.itemId, itemId), eq(itemShipping.regionCode, regionCode)));
  return row?.priceCents;
}

export async function insertOffer(tx: Tx, values: typeof offers.$inferInsert) {
  const [row] = await tx.insert(offers).values(values).returning();
  if (!row) throw new Error('offer insert returned nothing');
  return row;
}

/**
 * One transition as a conditional update: it applies only while the offer is still in one of `from` (read in
 * the same statement), so of two racing requests at most one changes it. Answers the updated row, or undefined.
 */
export async function transition(
  tx: Tx,
  offerId: string,
  from: readonly OfferStatus[],
  patch: Partial<typeof offers.$inferInsert>,
  extra?: ReturnType<typeof sql>,
) {
  const [row] = await tx
    .update(offers)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(offers.id, offerId), inArray(offers.status, [...from]), extra))
    .returning();
  return row;
}

/** Accepted offers of the item whose window has passed: recorded as expired now (the job may not have run yet). */
export async function expireOverdue(tx: Tx, itemId: string) {
  return tx
    .update(offers)
    .set({ status: 'expired', updatedAt: sql`now()`, sellerActedAt: sql`now()` })
    .where(and(eq(offers.itemId, itemId), eq(offers.status, 'accepted'), sql`${offers.timeAccepted} + ${WINDOW} <= now()`))
    .returning();
}

/** The condition "this accepted offer's window has passed", for an extension of an offer not yet marked expired. */
export const overdue = sql`(${offers.status} <> 'accepted' or ${offers.timeAccepted} + ${WINDOW} <= now())`;

export async function recordEvent(tx: Tx, offerId: string, name: string, actorId: string | null, priceCents?: number | null) {
  await tx.insert(offerEvents).values({ offerId, transition: name, actorId, priceCents: priceCents ?? null });
}

/** The accepted offer of an item whose window is still running, if any (it reserves the item for its buyer). */
export async function liveAcceptedOffer(db: Queryable, itemId: string) {
  const [row] = await db
    .select()
    .from(offers)
    .where(and(eq(offers.itemId, itemId), eq(offers.status, 'accepted'), sql`${offers.timeAccepted} + ${WINDOW} > now()`));
  return row;
}

/** The buyer's open offer on an item (pending, countered or accepted), if any. */
export async function openOfferOf(db: Queryable, itemId: string, buyerId: string) {
  const [row] = await db
    .select()
    .from(offers)
    .where(and(eq(offers.itemId, itemId), eq(offers.buyerId, buyerId), inArray(offers.status, ['pending', 'countered', 'accepted'])));
  return row;
}

/** Offers that keep the item from being removed: pending, countered, or accepted within its window. */
export async function blockingCount(db: Queryable, itemId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(offers)
    .where(
      and(
        eq(offers.itemId, itemId),
        sql`(${offers.status} in ('pending', 'countered') or (${offers.status} = 'accepted' and ${offers.timeAccepted} + ${WINDOW} > now()))`,
      ),
    );
  return row?.n ?? 0;
}

/** Closes every open offer of the item except `keep`, answering them (their buyers are told). */
export async function closeOpen(tx: Tx, itemId: string, keep: string | null) {
  return tx
    .update(offers)
    .set({ status: 'closed', updatedAt: sql`now()`, sellerActedAt: sql`now()` })
    .where(and(eq(offers.itemId, itemId), inArray(offers.status, ['pending', 'countered', 'accepted', 'expired']), keep ? ne(offers.id, keep) : undefined))
    .returning();
}

export async function contactOf(db: Queryable, userId: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, username: users.username, prefs: users.emailPreferences, removedAt: users.removedAt, regionCode: users.shippingRegionCode, emailConfirmedAt: users.emailConfirmedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Savers of the item who want `preference` mail, without the users named in `except`. */
export function saversWanting(db: Queryable, itemId: string, preference: 'offerSavedItem' | 'soldSavedItem', except: string[]) {
  return db
    .select({ email: users.email, username: users.username })
    .from(itemSaves)
    .innerJoin(users, eq(users.id, itemSaves.userId))
    .where(
      and(
        eq(itemSaves.itemId, itemId),
        isNull(users.removedAt),
        except.length ? sql`${users.id} not in ${except}` : undefined,
        sql`(${users.emailPreferences} ->> ${preference})::boolean is not false`,
      ),
    );
}

const itemColumns = {
  itemId: items.id,
  itemName: items.name,
  itemDescription: items.description,
  itemPriceCents: items.priceCents,
  itemThumbnail: items.thumbnail,
  itemPurchaserId: items.purchaserId,
  itemPriceSoldCents: items.priceSoldCents,
} as const;

/** The offer's own fields both lists show. */
const offerColumns = {
  id: offers.id,
  priceCents: offers.priceCents,
  counterPriceCents: offers.counterPriceCents,
  shippingCents: offers.shippingCents,
  status: offers.status,
  timeAccepted: offers.timeAccepted,
} as const;

/** At most this many offers in one list: a user with more sees their most recently active ones. */
export const LIST_LIMIT = 2500;

/** The buyer's offers, most recently changed first (removed ones are gone for good). */
export function sentOffers(db: Queryable, buyerId: string) {
  return db
    .select({
      ...offerColumns,
      ...itemColumns,
    })
    .from(offers)
    .innerJoin(items, eq(items.id, offers.itemId))
    .where(and(eq(offers.buyerId, buyerId), ne(offers.status, 'removed')))
    .orderBy(desc(offers.updatedAt), desc(offers.id))
    .limit(LIST_LIMIT);
}

/** The offers on the seller's items that the seller sees, most recently changed first, with their buyers. */
export function receivedOffers(db: Queryable, sellerId: string) {
  return db
    .select({
      ...offerColumns,
      buyerId: offers.buyerId,
      buyerName: users.username,
      buyerRemoved: users.removedAt,
      regionCode: regions.code,
      regionName: regions.name,
      ...itemColumns,
    })
    .from(offers)
    .innerJoin(items, eq(items.id, offers.itemId))
    .innerJoin(users, eq(users.id, offers.buyerId))
    .innerJoin(regions, eq(regions.code, offers.regionCode))
    .where(and(eq(offers.sellerId, sellerId), inArray(offers.status, [...RECEIVED_STATUSES]), isNull(items.removedAt)))
    .orderBy(desc(offers.updatedAt), desc(offers.id))
    .limit(LIST_LIMIT);
}

/** What changed for the user in Offers since they last opened it: offers to answer, answers to read. */
export async function newOffersCount(db: Queryable, userId: string) {
  const result = (await db.execute(sql`
    select (
      (select count(*) from ${offers} o where o.seller_id = u.id and o.status = 'pending' and o.buyer_acted_at > u.offers_seen_at)
      + (select count(*) from ${offers} o where o.buyer_id = u.id and o.status <> 'removed' and o.seller_acted_at > u.offers_seen_at)
    )::int as n
    from ${users} u where u.id = ${userId}`)) as unknown as { rows: Array<{ n: number }> };
  return result.rows[0]?.n ?? 0;
}

export async function markOffersSeen(db: Queryable, userId: string) {
  await db.update(users).set({ offersSeenAt: sql`now()` }).where(eq(users.id, userId));
}

/** Whether the item has a payment in progress (its lock is held), for the accept and removal rules. */
export async function paymentInProgress(db: Queryable, itemId: string) {
  const [row] = await db
    .select({ id: purchases.id })
    .from(purchases)
    .where(and(eq(purchases.itemId, itemId), inArray(purchases.status, ['open', 'capturing', 'capture_pending']), gt(purchases.lockedUntil, sql`now()`)));
  return Boolean(row);
}

/** The listing's payment email (the payee), which only the seller and the payment ever see. */
export async function paymentEmailOf(db: Queryable, itemId: string) {
  const [row] = await db.select({ email: items.paymentEmail }).from(items).where(eq(items.id, itemId));
  return row?.email;
}
