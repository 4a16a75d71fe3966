import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { items, itemShipping, paymentEvents, purchases } from '../../db/schema/index';

export type PurchaseRow = typeof purchases.$inferSelect;
type PurchaseStatus = PurchaseRow['status'];
/** The statuses that hold the item's payment lock. */
export const LOCKING: PurchaseStatus[] = ['open', 'capturing', 'capture_pending'];

export async function findPurchase(db: Queryable, id: string) {
  const [row] = await db.select().from(purchases).where(eq(purchases.id, id));
  return row;
}

export async function purchaseByOrder(db: Queryable, provider: string, orderId: string) {
  const [row] = await db.select().from(purchases).where(and(eq(purchases.provider, provider), eq(purchases.orderId, orderId)));
  return row;
}

/** The purchase holding the item's payment lock, if any (live or lapsed). */
export async function lockingPurchase(db: Queryable, itemId: string) {
  const [row] = await db.select().from(purchases).where(and(eq(purchases.itemId, itemId), inArray(purchases.status, LOCKING)));
  return row;
}

/** A trade's cash payment in progress or made (purchases_one_per_trade), if any. */
export async function tradePurchase(db: Queryable, tradeId: string) {
  const [row] = await db
    .select()
    .from(purchases)
    .where(and(eq(purchases.tradeId, tradeId), inArray(purchases.status, [...LOCKING, 'captured', 'refunded'])));
  return row;
}

/** A region the listing ships to: a trade's purchase needs one and charges no shipping. */
export async function anyShippingRegion(db: Queryable, itemId: string) {
  const [row] = await db.select({ code: itemShipping.regionCode }).from(itemShipping).where(eq(itemShipping.itemId, itemId)).limit(1);
  return row?.code;
}

export async function insertPurchase(tx: Tx, values: typeof purchases.$inferInsert) {
  const [row] = await tx.insert(purchases).values(values).returning();
  if (!row) throw new Error('purchase insert returned nothing');
  return row;
}

/** A conditional status change: applies only while the purchase is in one of `from`. */
export async function movePurchase(db: Queryable, id: string, from: PurchaseStatus[], patch: Partial<typeof purchases.$inferInsert>) {
  const [row] = await db
    .update(purchases)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(purchases.id, id), inArray(purchases.status, from)))
    .returning();
  return row;
}

export async function setItemPaymentStatus(tx: Tx, itemId: string, status: 'none' | 'pending') {
  await tx.update(items).set({ paymentStatus: status }).where(eq(items.id, itemId));
}

/** Marks the item sold to the buyer, unless it already is (answers whether it did). */
export async function markItemSold(tx: Tx, itemId: string, buyerId: string, priceSoldCents: number) {
  const rows = await tx
    .update(items)
    .set({ purchaserId: buyerId, priceSoldCents, soldAt: sql`now()`, paymentStatus: 'none' })
    // Never an item an accepted trade holds (issue 28; the check items_sale_or_trade is the last guard).
    .where(and(eq(items.id, itemId), sql`${items.purchaserId} is null`, sql`${items.tradeId} is null`))
    .returning({ id: items.id });
  return rows.length === 1;
}

/** Stores a webhook event once: answers false when it was already stored (a redelivery). */
export async function storeEvent(tx: Tx, event: { id: string; eventType: string; resource: string }) {
  const rows = await tx.insert(paymentEvents).values(event).onConflictDoNothing().returning({ id: paymentEvents.id });
  return rows.length === 1;
}

export async function findEvent(db: Queryable, id: string) {
  const [row] = await db.select().from(paymentEvents).where(eq(paymentEvents.id, id));
  return row;
}

export async function markEventProcessed(db: Queryable, id: string) {
  await db.update(paymentEvents).set({ processedAt: sql`now()` }).where(eq(paymentEvents.id, id));
}

export async function purchaseByCapture(db: Queryable, captureId: string) {
  const [row] = await db.select().from(purchases).where(eq(purchases.captureId, captureId));
  return row;
}

/**
 * The capture claim's heartbeat: its holder is alive as long as this keeps moving (see capture-lease.ts). A claim
 * already stale is not revived: it was given up, or may have been taken over.
 */
export async function touchCapture(db: Queryable, id: string, staleMs: number) {
  await db
    .update(purchases)
    .set({ updatedAt: sql`now()` })
    .where(and(eq(purchases.id, id), eq(purchases.status, 'capturing'), sql`${purchases.updatedAt} > now() - ${staleMs} * interval '1 millisecond'`));
}

/** Gives a capture claim up: stale at once, so the next finder takes it over without waiting. */
export async function giveUpCapture(db: Queryable, id: string, staleMs: number) {
  await db
    .update(purchases)
    .set({ updatedAt: sql`now() - ${staleMs} * interval '1 millisecond'` })
    .where(and(eq(purchases.id, id), eq(purchases.status, 'capturing')));
}

/**
 * Takes a capture claim whose heartbeat is at least `staleMs` old by the database's clock (one clock for every
 * process), renewing it in the same statement: of several processes trying at once, one gets the row.
 */
export async function takeOverCapture(db: Queryable, id: string, staleMs: number) {
  const [row] = await db
    .update(purchases)
    .set({ updatedAt: sql`now()` })
    .where(and(eq(purchases.id, id), eq(purchases.status, 'capturing'), sql`${purchases.updatedAt} <= now() - ${staleMs} * interval '1 millisecond'`))
    .returning();
  return row;
}

/** Purchases claimed for capture, live or stranded. */
export async function capturingPurchaseIds(db: Queryable) {
  const rows = await db.select({ id: purchases.id }).from(purchases).where(eq(purchases.status, 'capturing'));
  return rows.map((r) => r.id);
}
