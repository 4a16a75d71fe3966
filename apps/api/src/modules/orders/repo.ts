import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable, Tx } from '../../db/client';
import { items, orderEvents, orderProblems, orders, purchases, sellerRatings, tradeItems, trades, users } from '../../db/schema/index';

export type OrderRow = typeof orders.$inferSelect;
type OrderStatus = OrderRow['status'];

/** Unshipped past the 72 hours: 'Late' to both sides (a problem reported meanwhile keeps it late). */
export const lateSql = sql<boolean>`(${orders.shippedAt} is null and ${orders.status} in ('paid', 'problem') and ${orders.shipBy} < now())`;

const buyer = alias(users, 'buyer');
const seller = alias(users, 'seller');

/** The order and what its pages show with it, in one statement. */
const viewColumns = {
  order: orders,
  late: lateSql,
  itemName: items.name,
  itemThumbnail: items.thumbnail,
  // A trade's orders have no purchase (its cash, if any, is the trade's): price and shipping 0.
  itemCents: sql<number>`coalesce(${purchases.itemCents}, 0)`.mapWith(Number),
  shippingCents: sql<number>`coalesce(${purchases.shippingCents}, 0)`.mapWith(Number),
  buyerUsername: buyer.username,
  buyerAvatar: buyer.avatar,
  buyerRemoved: sql<boolean>`${buyer.removedAt} is not null`,
  sellerUsername: seller.username,
  sellerAvatar: seller.avatar,
  sellerRemoved: sql<boolean>`${seller.removedAt} is not null`,
};
export type OrderView = Awaited<ReturnType<typeof findView>>[number];

const viewQuery = (db: Queryable) =>
  db
    .select(viewColumns)
    .from(orders)
    .leftJoin(purchases, eq(purchases.id, orders.id))
    .innerJoin(items, eq(items.id, orders.itemId))
    .innerJoin(buyer, eq(buyer.id, orders.buyerId))
    .innerJoin(seller, eq(seller.id, orders.sellerId));

function findView(db: Queryable, where: SQL | undefined) {
  return viewQuery(db).where(where);
}

export async function orderView(db: Queryable, id: string) {
  const [row] = await findView(db, eq(orders.id, id));
  return row;
}

export interface OrdersCursor {
  paidAt: string;
  id: string;
}

/** One page of a user's orders on one side, newest first by (paid_at, id): orders_buyer_idx / orders_seller_idx. */
export function ordersPage(db: Queryable, userId: string, role: 'bought' | 'sold', after: OrdersCursor | undefined, limit: number) {
  const side = role === 'bought' ? orders.buyerId : orders.sellerId;
  return viewQuery(db)
    .where(and(eq(side, userId), after ? sql`(${orders.paidAt}, ${orders.id}) < (${after.paidAt}::timestamptz, ${after.id}::uuid)` : undefined))
    // NULLS LAST as the index is declared (drizzle's desc() alone sorts NULLS FIRST and would skip the index).
    .orderBy(sql`${orders.paidAt} desc nulls last`, sql`${orders.id} desc nulls last`)
    .limit(limit);
}

export async function findOrder(db: Queryable, id: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

/** The order locked for the rest of the transaction: every transition reads and moves it under this lock. */
export async function lockOrder(tx: Tx, id: string) {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

/** The provider's side of an order: which provider, its order id and capture id. */
export async function purchaseOf(db: Queryable, id: string) {
  const [row] = await db
    .select({ provider: purchases.provider, orderId: purchases.orderId, captureId: purchases.captureId })
    .from(purchases)
    .where(eq(purchases.id, id));
  return row;
}

export async function insertOrder(tx: Tx, values: typeof orders.$inferInsert) {
  const [row] = await tx.insert(orders).values(values).onConflictDoNothing().returning();
  return row;
}

/** A conditional move: applies only while the order is in one of `from` (and `also` holds). */
export async function moveOrder(tx: Tx, id: string, from: OrderStatus[], patch: Partial<typeof orders.$inferInsert>, also?: SQL) {
  const [row] = await tx
    .update(orders)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(orders.id, id), inArray(orders.status, from), also))
    .returning();
  return row;
}

export async function setTrackingSync(db: Queryable, id: string, patch: Pick<Partial<typeof orders.$inferInsert>, 'trackingSync' | 'trackingSyncError'>) {
  const rows = await db
    .update(orders)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(orders.id, id), eq(orders.trackingSync, 'pending')))
    .returning({ id: orders.id });
  return rows.length === 1;
}

export async function addEvent(tx: Queryable, orderId: string, kind: string, actorId: string | null, data: Record<string, unknown> = {}) {
  await tx.insert(orderEvents).values({ orderId, kind, actorId, data });
}

export function timeline(db: Queryable, orderId: string) {
  return db
    .select({ kind: orderEvents.kind, at: orderEvents.at, data: orderEvents.data })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.at), asc(orderEvents.id));
}

/** The open problem, else the last one (what the order page shows). */
export async function latestProblem(db: Queryable, orderId: string) {
  const [row] = await db
    .select()
    .from(orderProblems)
    .where(eq(orderProblems.orderId, orderId))
    .orderBy(sql`${orderProblems.resolvedAt} is null desc`, desc(orderProblems.openedAt))
    .limit(1);
  return row;
}

export async function insertProblem(tx: Tx, values: typeof orderProblems.$inferInsert) {
  const [row] = await tx.insert(orderProblems).values(values).returning();
  if (!row) throw new Error('problem insert returned nothing');
  return row;
}

/** Ends the order's open problem (resolved by the buyer, closed by an admin or by a refund); undefined when none is open. */
export async function endProblem(tx: Tx, orderId: string, resolution: 'resolved' | 'closed', by: string | null) {
  const [row] = await tx
    .update(orderProblems)
    .set({ resolvedAt: sql`now()`, resolution, resolvedBy: by })
    .where(and(eq(orderProblems.orderId, orderId), isNull(orderProblems.resolvedAt)))
    .returning();
  return row;
}

export async function findProblem(db: Queryable, id: string) {
  const [row] = await db.select().from(orderProblems).where(eq(orderProblems.id, id));
  return row;
}

export interface ProblemsCursor {
  openedAt: string;
  id: string;
}

/** /admin/problems: the open problems with their orders, oldest first, by (opened_at, id) (order_problems_open_idx). */
export function openProblemsPage(db: Queryable, after: ProblemsCursor | undefined, limit: number) {
  return db
    .select({ ...viewColumns, problem: orderProblems })
    .from(orderProblems)
    .innerJoin(orders, eq(orders.id, orderProblems.orderId))
    .leftJoin(purchases, eq(purchases.id, orders.id))
    .innerJoin(items, eq(items.id, orders.itemId))
    .innerJoin(buyer, eq(buyer.id, orders.buyerId))
    .innerJoin(seller, eq(seller.id, orders.sellerId))
    .where(and(isNull(orderProblems.resolvedAt), after ? sql`(${orderProblems.openedAt}, ${orderProblems.id}) > (${after.openedAt}::timestamptz, ${after.id}::uuid)` : undefined))
    .orderBy(asc(orderProblems.openedAt), asc(orderProblems.id))
    .limit(limit);
}

export async function isRated(db: Queryable, itemId: string) {
  const [row] = await db.select({ id: sellerRatings.id }).from(sellerRatings).where(eq(sellerRatings.itemId, itemId));
  return Boolean(row);
}

/** One definition for every module (db/contacts.ts). */
export { contactOf } from '../../db/contacts';

/**
 * numOrdersToAct of the user `u` in a statement over users u (notifications/counts.ts): as seller, paid and not
 * shipped; as buyer, shipped and not confirmed, or (issue 36) paid without an address to ship to; plus their orders
 * with an open problem. Each part reads its side's index (orders_seller_idx, orders_buyer_idx) and only the user's
 * own orders.
 */
export const ORDERS_TO_ACT_OF_U = `(
  (select count(*) from orders o where o.seller_id = u.id and o.status = 'paid')
  + (select count(*) from orders o where o.buyer_id = u.id and (o.status = 'shipped' or (o.status = 'paid' and o.ship_to is null)))
  + (select count(*) from orders o where (o.buyer_id = u.id or o.seller_id = u.id) and o.status = 'problem')
)`;

/** The two orders of a trade (orders_trade_idx). Completion reads them under the trade's lock (trades/settlement.ts). */
export function tradeOrders(db: Queryable, tradeId: string) {
  return db.select().from(orders).where(eq(orders.tradeId, tradeId));
}

/** Saved mailing addresses (GET /api/me/address): where each side of a trade ships. */
export async function mailingAddressOf(db: Queryable, userId: string) {
  const [row] = await db.select({ address: users.mailingAddress }).from(users).where(eq(users.id, userId));
  return row?.address ?? null;
}

/** A trade as its orders' pages show it: status, cash, its item and the proposer's listings in their order. */
export async function tradeOfOrder(db: Queryable, tradeId: string) {
  const [trade] = await db
    .select({ id: trades.id, status: trades.status, itemId: trades.itemId, cashToSellerCents: trades.cashToSellerCents, cashToBuyerCents: trades.cashToBuyerCents })
    .from(trades)
    .where(eq(trades.id, tradeId));
  if (!trade) return undefined;
  const listed = { _id: items.id, name: items.name, thumbnail: items.thumbnail, priceCents: items.priceCents };
  const [own] = await db.select(listed).from(items).where(eq(items.id, trade.itemId));
  const offered = await db.select(listed).from(tradeItems).innerJoin(items, eq(items.id, tradeItems.itemId)).where(eq(tradeItems.tradeId, tradeId)).orderBy(asc(tradeItems.position));
  return { trade, item: own, offered };
}
