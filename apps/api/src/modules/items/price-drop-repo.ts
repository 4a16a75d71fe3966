import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { itemSaves, items, users } from '../../db/schema/index';
import { SELLER_TOOL_LIMITS } from '@keeb/shared';

const NOTICE_GAP = sql.raw(`interval '${SELLER_TOOL_LIMITS.priceDropNoticeHours} hours'`);
const PUBLIC = sql`${items.approvalStatus} = 'approved' and ${items.purchaserId} is null and ${items.removedAt} is null`;

/**
 * The listing's price as it stands before an edit, under the row's lock (the edit's update takes it anyway): its
 * last drop, and whether savers may hear of a new one (not told within priceDropNoticeHours), by the database's
 * clock like every other time in these columns.
 */
export async function lockPriceState(tx: Tx, itemId: string) {
  const [row] = await tx
    .select({
      priceCents: items.priceCents,
      isPublic: sql<boolean>`${PUBLIC}`,
      droppedFromCents: items.priceDroppedFromCents,
      noticeDue: sql<boolean>`${items.priceDropNotifiedAt} is null or ${items.priceDropNotifiedAt} <= now() - ${NOTICE_GAP}`,
    })
    .from(items)
    .where(eq(items.id, itemId))
    .for('update');
  return row;
}

/** Records a drop from `fromCents` now; `notify`: savers are told of it, stamped now. Answers the stamp (ISO). */
export async function recordDrop(tx: Tx, itemId: string, fromCents: number, notify: boolean): Promise<string> {
  const [row] = await tx
    .update(items)
    .set({ priceDroppedFromCents: fromCents, priceDroppedAt: sql`now()`, ...(notify ? { priceDropNotifiedAt: sql`now()` } : {}) })
    .where(eq(items.id, itemId))
    .returning({ at: items.priceDroppedAt });
  return row!.at!.toISOString();
}

/** A raise ends the drop (the Saved tab stops showing it); when savers were last told stays, for the daily bound. */
export async function clearDrop(tx: Tx, itemId: string) {
  await tx.update(items).set({ priceDroppedFromCents: null, priceDroppedAt: null }).where(eq(items.id, itemId));
}

/** The listing a notice is about, while it is public and still below the price it dropped from. */
export async function droppedListing(db: Queryable, itemId: string) {
  const [row] = await db
    .select({
      id: items.id,
      name: items.name,
      thumbnail: items.thumbnail,
      sellerId: items.sellerId,
      priceCents: items.priceCents,
      fromCents: items.priceDroppedFromCents,
      notifiedAt: items.priceDropNotifiedAt,
    })
    .from(items)
    .where(and(eq(items.id, itemId), PUBLIC, sql`${items.priceCents} < ${items.priceDroppedFromCents}`));
  return row;
}

/** Everyone who saved the listing (not its seller, not removed), with whether they take saved-item mail. */
export function saversOf(db: Queryable, itemId: string, sellerId: string) {
  return db
    .select({
      userId: users.id,
      email: users.email,
      username: users.username,
      mailable: sql<boolean>`(${users.emailPreferences} ->> 'updatedSavedItem')::boolean is not false`,
    })
    .from(itemSaves)
    .innerJoin(users, eq(users.id, itemSaves.userId))
    .where(and(eq(itemSaves.itemId, itemId), ne(itemSaves.userId, sellerId), isNull(users.removedAt)));
}
