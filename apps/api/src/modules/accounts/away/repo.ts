import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../../db/client';
import { items, users } from '../../../db/schema/index';

/** Sets or clears the user's away_until; answers whether the (not removed) user was found. */
export async function setAwayUntil(tx: Tx, userId: string, until: Date | null): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ awayUntil: until })
    .where(and(eq(users.id, userId), isNull(users.removedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Clears an away_until that has come (<= now): the return job's update. A later PUT moved it (its own job
 * returns them then) and a DELETE cleared it already: both leave nothing to do here.
 */
export async function clearDueAway(tx: Tx, userId: string): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ awayUntil: null })
    .where(and(eq(users.id, userId), lte(users.awayUntil, sql`now()`)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** The seller's public listings (items_seller_public_idx): matched against the wants again on their return. */
export async function publicListingIds(db: Queryable, sellerId: string): Promise<string[]> {
  const rows = await db
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.sellerId, sellerId), sql`${items.approvalStatus} = 'approved'`, isNull(items.purchaserId), isNull(items.removedAt)));
  return rows.map((r) => r.id);
}

/** Ends away mode now; answers whether the user was away (a time still ahead). */
export async function clearAway(tx: Tx, userId: string): Promise<boolean> {
  const [before] = await tx.select({ away: sql<boolean>`${users.awayUntil} > now()` }).from(users).where(eq(users.id, userId)).for('update');
  await tx.update(users).set({ awayUntil: null }).where(eq(users.id, userId));
  return before?.away === true;
}
