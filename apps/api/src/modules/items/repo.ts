import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { jsonRows, type Database, type Queryable, type Tx } from '../../db/client';
import { categories, follows, itemComments, itemSaves, itemShipping, items, redditLinks, regions, users } from '../../db/schema/index';

export type ItemRow = typeof items.$inferSelect;

/**
 * The photo an item page shows first (its first), for the page's preload hint (platform/static.ts, issue 37): one
 * look-up by primary key, of an item the API would show (not removed).
 */
/** An approved, not removed listing's first photo: what any visitor's item page shows (a pending one's is its owner's). */
export async function firstPhotoOf(db: Queryable, itemId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ photo: sql<string | null>`${items.photos}[1]` })
    .from(items)
    .where(and(eq(items.id, itemId), isNull(items.removedAt), eq(items.approvalStatus, 'approved')));
  return row?.photo ?? undefined;
}

export async function findItem(db: Queryable, itemId: string) {
  const [row] = await db.select().from(items).where(and(eq(items.id, itemId), isNull(items.removedAt)));
  return row;
}

/**
 * Locks the item row for the rest of the transaction: every offer, payment and removal on one item takes
 * this lock first (always before any offer row), so they run one at a time per item and never deadlock.
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
      /** Held by an accepted trade (issue 28): not for sale, offers or another trade meanwhile. */
      tradeId: items.tradeId,
      autoDeclineBelowCents: items.autoDeclineBelowCents,
      autoAcceptAtCents: items.autoAcceptAtCents,
    })
    .from(items)
    .where(eq(items.id, itemId))
    .for('update');
  return row;
}
export type LockedItem = NonNullable<Awaited<ReturnType<typeof lockItem>>>;

/** Locks the seller's row so concurrent listings by one seller are counted one at a time (posting limit). */
export async function lockSeller(db: Queryable, userId: string) {
  await db.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for update`);
}

/** Listings the seller created since `since`, oldest first (for the posting limit's time left). */
export async function listingTimesSince(db: Queryable, sellerId: string, since: Date) {
  return db
    .select({ createdAt: items.createdAt })
    .from(items)
    .where(and(eq(items.sellerId, sellerId), gt(items.createdAt, since)))
    .orderBy(asc(items.createdAt));
}

export async function categoryExists(db: Queryable, id: string) {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
  return Boolean(row);
}

export async function existingRegionCodes(db: Queryable) {
  return new Set((await db.select({ code: regions.code }).from(regions)).map((r) => r.code));
}

export async function insertItem(db: Queryable, values: typeof items.$inferInsert) {
  const [row] = await db.insert(items).values(values).returning({ id: items.id });
  if (!row) throw new Error('item insert returned nothing');
  return row.id;
}

export async function insertShipping(db: Queryable, itemId: string, shipping: Array<{ code: string; priceCents: number }>) {
  if (shipping.length === 0) return;
  await db.insert(itemShipping).values(shipping.map((s) => ({ itemId, regionCode: s.code, priceCents: s.priceCents })));
}

export async function updateItem(db: Queryable, itemId: string, patch: Partial<typeof items.$inferInsert>) {
  const rows = await db.update(items).set(patch).where(eq(items.id, itemId)).returning({ id: items.id, approvalStatus: items.approvalStatus });
  return rows[0];
}

/** The seller block of the item page: profile, region and forum link in one query. */
export async function sellerOf(db: Queryable, sellerId: string) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      avatar: users.avatar,
      removedAt: users.removedAt,
      regionCode: regions.code,
      regionName: regions.name,
      redditUsername: redditLinks.redditUsername,
      redditCount: redditLinks.transferredCount,
    })
    .from(users)
    .leftJoin(regions, eq(regions.code, users.shippingRegionCode))
    .leftJoin(redditLinks, eq(redditLinks.userId, users.id))
    .where(eq(users.id, sellerId));
  return row;
}

export async function insertComment(db: Queryable, values: typeof itemComments.$inferInsert) {
  const [row] = await db.insert(itemComments).values(values).returning({ id: itemComments.id, createdAt: itemComments.createdAt });
  if (!row) throw new Error('comment insert returned nothing');
  return row;
}

/** Which of these items the user has saved: one query on the (user_id, item_id) primary key. */
/**
 * Which of a page's listings the viewer saved: every signed-in list page asks, so it is a prepared statement read
 * through the driver (jsonRows), not a query drizzle builds each time (issue 37: building it was a tenth of a member's
 * page's CPU). Ids travel as one array literal, the same statement text for any page.
 */
export async function savedAmong(db: Database, userId: string, itemIds: string[]): Promise<string[]> {
  if (itemIds.length === 0) return [];
  const [row] = await jsonRows(
    db,
    { sql: "select coalesce(json_agg(item_id), '[]')::text from item_saves where user_id = $1 and item_id = any($2::uuid[])", params: [userId, `{${itemIds.join(',')}}`] },
    'saved_among',
    'generic',
  );
  return (row ?? []) as string[];
}

/** Save and unsave move items.save_count only when the row really changed, in the same transaction. */
export async function addSave(db: Queryable, itemId: string, userId: string) {
  const inserted = await db.insert(itemSaves).values({ itemId, userId }).onConflictDoNothing().returning({ itemId: itemSaves.itemId });
  if (inserted.length > 0) await db.update(items).set({ saveCount: sql`${items.saveCount} + 1` }).where(eq(items.id, itemId));
}

export async function removeSave(db: Queryable, itemId: string, userId: string) {
  const deleted = await db
    .delete(itemSaves)
    .where(and(eq(itemSaves.itemId, itemId), eq(itemSaves.userId, userId)))
    .returning({ itemId: itemSaves.itemId });
  if (deleted.length > 0) await db.update(items).set({ saveCount: sql`greatest(${items.saveCount} - 1, 0)` }).where(eq(items.id, itemId));
}

/** People who saved an item and want mail of this kind (their preference flag), excluding removed accounts. */
export function saversToNotify(db: Queryable, itemId: string, preference: 'updatedSavedItem' | 'removedSavedItem') {
  return db
    .select({ email: users.email, username: users.username })
    .from(itemSaves)
    .innerJoin(users, eq(users.id, itemSaves.userId))
    .where(and(eq(itemSaves.itemId, itemId), isNull(users.removedAt), sql`(${users.emailPreferences} ->> ${preference})::boolean is not false`));
}

export async function userContact(db: Queryable, userId: string) {
  const [row] = await db
    .select({ email: users.email, username: users.username, prefs: users.emailPreferences, removedAt: users.removedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/**
 * The approval queue: pending listings, oldest first (timeListed, then id). Its cursor is the last timeListed
 * alone (GET /items/approval?ts), so a page never ends inside listings sharing a time: one row more is read,
 * and when it ties with the last, the rest of that time joins the page.
 */
export async function approvalPage(db: Queryable, options: { after?: Date | undefined; limit: number }) {
  const pending = and(eq(items.approvalStatus, 'pending'), isNull(items.removedAt));
  const rows = await db
    .select({ id: items.id, timeListed: items.timeListed })
    .from(items)
    .where(and(pending, options.after ? gt(items.timeListed, options.after) : undefined))
    .orderBy(asc(items.timeListed), asc(items.id))
    .limit(options.limit + 1);
  if (rows.length <= options.limit) return rows;
  const page = rows.slice(0, options.limit);
  const last = page[options.limit - 1]!;
  if (rows[options.limit]!.timeListed.getTime() !== last.timeListed.getTime()) return page;
  const rest = await db
    .select({ id: items.id, timeListed: items.timeListed })
    .from(items)
    .where(and(pending, eq(items.timeListed, last.timeListed), gt(items.id, last.id)))
    .orderBy(asc(items.id));
  return [...page, ...rest];
}

/** Full rows of several items with their sellers' names, for lists that show whole listings (approvals). */
export function itemsWithSellers(db: Queryable, itemIds: string[]) {
  if (itemIds.length === 0) return Promise.resolve([]);
  return db
    .select({ item: items, sellerUsername: users.username, sellerAvatar: users.avatar })
    .from(items)
    .innerJoin(users, eq(users.id, items.sellerId))
    .where(inArray(items.id, itemIds));
}

export function shippingOfItems(db: Queryable, itemIds: string[]) {
  if (itemIds.length === 0) return Promise.resolve([]);
  return db
    .select({ itemId: itemShipping.itemId, code: itemShipping.regionCode, name: regions.name, priceCents: itemShipping.priceCents })
    .from(itemShipping)
    .innerJoin(regions, eq(regions.code, itemShipping.regionCode))
    .where(inArray(itemShipping.itemId, itemIds))
    .orderBy(asc(regions.position));
}

/** Where a page of followers ended: the last follow's time and follower (the follows_followed_idx order). */
export interface FollowerCursor {
  createdAt: string;
  followerId: string;
}

/**
 * One page of the seller's followers who want followedSellerListed mail (removed accounts left out), newest follow
 * first, keyset on (created_at, follower_id) so follows_followed_idx serves it however many followers there are.
 */
export async function followersToNotify(db: Queryable, sellerId: string, after: FollowerCursor | undefined, limit: number) {
  const rows = await db
    .select({ followerId: follows.followerId, createdAt: follows.createdAt, email: users.email, username: users.username })
    .from(follows)
    .innerJoin(users, eq(users.id, follows.followerId))
    .where(
      and(
        eq(follows.followedId, sellerId),
        after ? sql`(${follows.createdAt}, ${follows.followerId}) < (${after.createdAt}::timestamptz, ${after.followerId}::uuid)` : undefined,
        isNull(users.removedAt),
        sql`(${users.emailPreferences} ->> 'followedSellerListed')::boolean is not false`,
      ),
    )
    .orderBy(desc(follows.createdAt), desc(follows.followerId))
    .limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
