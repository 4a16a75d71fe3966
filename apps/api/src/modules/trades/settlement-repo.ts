import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { items, orders, tradeEvents, tradeItems, trades } from '../../db/schema/index';

/** The settlement's SQL (issue 28): the lifecycle's own queries are in repo.ts. */

/** The trade locked for the rest of the transaction: settling, paying and completing read and move it under this lock. */
export async function lockTrade(tx: Tx, id: string) {
  const [row] = await tx.select().from(trades).where(eq(trades.id, id)).for('update');
  return row;
}
export type TradeRow = NonNullable<Awaited<ReturnType<typeof lockTrade>>>;

const listing = { id: items.id, name: items.name, thumbnail: items.thumbnail, paymentEmail: items.paymentEmail };

/** The seller's listing of the trade. */
export async function tradeItem(db: Queryable, trade: TradeRow) {
  const [row] = await db.select(listing).from(items).where(eq(items.id, trade.itemId));
  if (!row) throw new Error(`trade ${trade.id}: its item is gone`);
  return row;
}

/** The proposer's listings the trade asks for now, in the order given. */
export function offeredItems(db: Queryable, tradeId: string) {
  return db.select(listing).from(tradeItems).innerJoin(items, eq(items.id, tradeItems.itemId)).where(eq(tradeItems.tradeId, tradeId)).orderBy(asc(tradeItems.position));
}

/** A conditional change of the trade: applies only while it is accepted (and `settled` says whether it must be settled). */
export async function moveAccepted(tx: Tx, id: string, settled: boolean, patch: Partial<typeof trades.$inferInsert>) {
  const [row] = await tx
    .update(trades)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(trades.id, id), eq(trades.status, 'accepted'), settled ? sql`${trades.settledAt} is not null` : sql`${trades.settledAt} is null`))
    .returning();
  return row;
}

/**
 * At the statement's own time, not the transaction's: settling in the acceptance's transaction comes after its
 * 'accepted' entry (stamped with the transaction's start) on the trade's history.
 */
export async function addTradeEvent(tx: Tx, tradeId: string, transition: string, actorId: string | null) {
  await tx.insert(tradeEvents).values({ tradeId, transition, actorId, at: sql`clock_timestamp()` });
}

/** The trade's orders, with their items: completion reads them under the trade's lock. */
export function ordersOfTrade(db: Queryable, tradeId: string) {
  return db.select({ id: orders.id, itemId: orders.itemId, buyerId: orders.buyerId, status: orders.status }).from(orders).where(eq(orders.tradeId, tradeId));
}

/**
 * Every item of a completed trade marked traded: received by `receiverOf(item)`, sold and traded now, no price
 * (items_traded_has_trade: each keeps its trade_id). Answers how many rows moved.
 */
export async function markTraded(tx: Tx, tradeId: string, received: Array<{ itemId: string; receiverId: string }>) {
  const ids = received.map((r) => r.itemId);
  const receiver = sql.join(
    received.map((r) => sql`when ${r.itemId}::uuid then ${r.receiverId}::uuid`),
    sql` `,
  );
  const rows = await tx
    .update(items)
    .set({ purchaserId: sql`case ${items.id} ${receiver} end`, soldAt: sql`now()`, tradedAt: sql`now()`, priceSoldCents: null, paymentStatus: 'none' })
    .where(and(inArray(items.id, ids), eq(items.tradeId, tradeId), sql`${items.purchaserId} is null`))
    .returning({ id: items.id });
  return rows.length;
}

/** One definition for every module (db/contacts.ts). */
export { contactOf } from '../../db/contacts';

/** The trade's orders with what each ships, for the settled notice. */
export function ordersToShip(db: Queryable, tradeId: string) {
  return db
    .select({ id: orders.id, sellerId: orders.sellerId, itemId: orders.itemId, itemName: items.name, itemThumbnail: items.thumbnail })
    .from(orders)
    .innerJoin(items, eq(items.id, orders.itemId))
    .where(eq(orders.tradeId, tradeId));
}

/** The order's trade, if it is one side of a trade. */
export function ordersOfOrder(db: Queryable, orderId: string) {
  return db.select({ tradeId: orders.tradeId }).from(orders).where(eq(orders.id, orderId));
}
