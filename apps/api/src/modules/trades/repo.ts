import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { TRADE_PAY_WITHIN_HOURS, type TradeStatus } from '@keeb/shared';
import type { Queryable, Tx } from '../../db/client';
import { items, purchases, tradeEvents, tradeItems, trades, users } from '../../db/schema/index';
import { NEW_TRADES_OF_U } from './counts-sql';

export type TradeRow = typeof trades.$inferSelect;

/** The payer's window, as SQL (accepted_at + 24 h). */
export const PAY_WINDOW = sql.raw(`interval '${TRADE_PAY_WITHIN_HOURS} hours'`);
/** Purchase statuses during which the provider may still move money: the trade's cash is being paid. */
export const PAYING = ['open', 'capturing', 'capture_pending'] as const;

export async function findTrade(db: Queryable, tradeId: string) {
  const [row] = await db.select().from(trades).where(eq(trades.id, tradeId));
  return row;
}

/** The proposer's listings a trade asks for now, in the order given. */
export async function offeredItemIds(db: Queryable, tradeId: string) {
  const rows = await db.select({ itemId: tradeItems.itemId }).from(tradeItems).where(eq(tradeItems.tradeId, tradeId)).orderBy(asc(tradeItems.position));
  return rows.map((r) => r.itemId);
}

/** The names of the listings a trade offers, in its order: the proposal and counter mails say what is offered. */
export async function offeredItemNames(db: Queryable, tradeId: string) {
  const rows = await db.select({ name: items.name }).from(tradeItems).innerJoin(items, eq(items.id, tradeItems.itemId)).where(eq(tradeItems.tradeId, tradeId)).orderBy(asc(tradeItems.position));
  return rows.map((r) => r.name);
}

/** The listing a trade is proposed on, as the proposal checks it. */
export async function targetItem(db: Queryable, itemId: string) {
  const [row] = await db
    .select({
      id: items.id,
      sellerId: items.sellerId,
      name: items.name,
      approvalStatus: items.approvalStatus,
      purchaserId: items.purchaserId,
      removedAt: items.removedAt,
      openToTrades: items.openToTrades,
      tradeId: items.tradeId,
    })
    .from(items)
    .where(eq(items.id, itemId));
  return row;
}

/**
 * How many of `ids` are listings `ownerId` may offer in a trade: their own, approved, unsold, not removed and not
 * held by an accepted trade.
 */
export async function offerableCount(db: Queryable, ownerId: string, ids: string[]) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(items)
    .where(
      and(
        inArray(items.id, ids),
        eq(items.sellerId, ownerId),
        eq(items.approvalStatus, 'approved'),
        isNull(items.purchaserId),
        isNull(items.removedAt),
        isNull(items.tradeId),
      ),
    );
  return row?.n ?? 0;
}

export async function insertTrade(tx: Tx, values: typeof trades.$inferInsert) {
  const [row] = await tx.insert(trades).values(values).returning();
  if (!row) throw new Error('trade insert returned nothing');
  return row;
}

/** Replaces the listings a trade asks for (a proposal's, a counter's). */
export async function setOfferedItems(tx: Tx, tradeId: string, ids: string[]) {
  await tx.delete(tradeItems).where(eq(tradeItems.tradeId, tradeId));
  await tx.insert(tradeItems).values(ids.map((itemId, position) => ({ tradeId, itemId, position })));
}

/**
 * One transition as a conditional update: it applies only while the trade is still in one of `from` (and `extra`
 * holds), so of two racing requests at most one changes it. Answers the updated row, or undefined.
 */
export async function transition(tx: Tx, tradeId: string, from: readonly TradeStatus[], patch: Partial<typeof trades.$inferInsert>, extra?: SQL) {
  const [row] = await tx
    .update(trades)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(trades.id, tradeId), inArray(trades.status, [...from]), extra))
    .returning();
  return row;
}

/** Not settled yet (no orders), and `extra`: the condition of cancel, extend and expiry. */
export const unsettled = (extra?: SQL) => and(isNull(trades.settledAt), extra);
/** The payer's 24 hours are over. */
export const overdue = sql`${trades.acceptedAt} + ${PAY_WINDOW} <= now()`;

export async function recordEvent(tx: Tx, tradeId: string, name: string, actorId: string | null, cash?: { cashToSellerCents: number; cashToBuyerCents: number }) {
  await tx.insert(tradeEvents).values({ tradeId, transition: name, actorId, cashToSellerCents: cash?.cashToSellerCents ?? null, cashToBuyerCents: cash?.cashToBuyerCents ?? null });
}

/**
 * Locks the items' rows in id order: every path that changes several items of trades (accept, cancel, expiry)
 * takes them in this one order, so two of them can wait for each other but never deadlock.
 */
export async function lockItems(tx: Tx, ids: string[]) {
  const sorted = [...new Set(ids)].sort();
  return tx
    .select({ id: items.id, tradeId: items.tradeId, paymentStatus: items.paymentStatus, purchaserId: items.purchaserId })
    .from(items)
    .where(inArray(items.id, sorted))
    .orderBy(asc(items.id))
    .for('update');
}

/**
 * Holds every item for the trade at once: the one statement that decides "one winner". It touches an item only
 * while nothing else has it (no trade, no buyer, no payment, approved, listed); the caller compares the count.
 */
export async function holdItems(tx: Tx, tradeId: string, ids: string[]) {
  const rows = await tx
    .update(items)
    .set({ tradeId })
    .where(
      and(
        inArray(items.id, ids),
        isNull(items.tradeId),
        isNull(items.purchaserId),
        isNull(items.removedAt),
        eq(items.approvalStatus, 'approved'),
        eq(items.paymentStatus, 'none'),
      ),
    )
    .returning({ id: items.id });
  return rows.length;
}

/** Gives back what the trade held (it was cancelled or expired before it was settled). */
export async function releaseItems(tx: Tx, tradeId: string) {
  await tx.update(items).set({ tradeId: null }).where(and(eq(items.tradeId, tradeId), isNull(items.tradedAt), isNull(items.purchaserId)));
}

/** The trade's cash payment at the provider, if one is in progress (its outcome decides, not the clock). */
export async function paymentInProgress(db: Queryable, tradeId: string) {
  const [row] = await db.select({ id: purchases.id }).from(purchases).where(and(eq(purchases.tradeId, tradeId), inArray(purchases.status, [...PAYING])));
  return Boolean(row);
}

/** A purchase of the item (not a trade's cash) in progress: the item is being bought. */
export async function itemPaymentInProgress(db: Queryable, itemIds: string[]) {
  const [row] = await db
    .select({ id: purchases.id })
    .from(purchases)
    .where(and(inArray(purchases.itemId, itemIds), isNull(purchases.tradeId), inArray(purchases.status, [...PAYING])));
  return Boolean(row);
}

/**
 * Closes every pending or countered trade (other than `keep`) that names any of `itemIds`, as the seller's item or
 * as an offered one: their item was sold, removed, or is held by another trade. Answers the closed rows.
 */
export async function closeOpenFor(tx: Tx, itemIds: string[], reason: string, keep: string | null) {
  if (itemIds.length === 0) return [];
  const ids = sql.join(itemIds.map((id) => sql`${id}::uuid`), sql`, `);
  return tx
    .update(trades)
    .set({ status: 'cancelled', closedReason: reason, updatedAt: sql`now()`, sellerActedAt: sql`now()` })
    .where(
      and(
        inArray(trades.status, ['pending', 'countered']),
        keep ? sql`${trades.id} <> ${keep}` : undefined,
        sql`(${trades.itemId} in (${ids}) or ${trades.id} in (select ti.trade_id from trade_items ti where ti.item_id in (${ids})))`,
      ),
    )
    .returning();
}

/** One definition for every module (db/contacts.ts). */
export { contactOf } from '../../db/contacts';

/** The names of items, for mails. */
export async function itemName(db: Queryable, itemId: string) {
  const [row] = await db.select({ name: items.name }).from(items).where(eq(items.id, itemId));
  return row?.name ?? 'the listing';
}

/** Opening Trades resets the badge; with nothing new it writes nothing. */
export async function markTradesSeen(db: Queryable, userId: string) {
  await db.execute(sql`update ${users} u set trades_seen_at = now() where u.id = ${userId} and ${sql.raw(NEW_TRADES_OF_U)} > 0`);
}
