import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { items, orders, sellerRatings, users } from '../../db/schema/index';
import { userNamedBy } from '../../db/user-key';

/**
 * The seller's averages, each category's as float8 and overall as the mean of the three (the same expression as
 * the profile's and the item page's meters, so every screen shows the same number). Null with no ratings.
 */
export const averageColumns = {
  count: sql<number>`count(${sellerRatings.id})::integer`,
  descAvg: sql<number | null>`avg(${sellerRatings.description})::float8`,
  commAvg: sql<number | null>`avg(${sellerRatings.communication})::float8`,
  shipAvg: sql<number | null>`avg(${sellerRatings.shipping})::float8`,
  overall: sql<number | null>`((avg(${sellerRatings.description}) + avg(${sellerRatings.communication}) + avg(${sellerRatings.shipping})) / 3)::float8`,
};

/**
 * A not-removed user named by `key`, with their averages, in one statement: the profile's key rule (username
 * case-insensitively, or the id for links that carry it; a 36-character uuid is never a username, at most 30)
 * and a left join over seller_ratings_seller_idx.
 */
export async function sellerWithAverages(db: Queryable, key: string) {
  const [row] = await db
    .select({ id: users.id, username: users.username, ...averageColumns })
    .from(users)
    .leftJoin(sellerRatings, eq(sellerRatings.sellerId, users.id))
    .where(userNamedBy(key))
    .groupBy(users.id);
  return row;
}

export interface RatingCursor {
  ts?: string | undefined;
  id?: string | undefined;
}

/**
 * A page of a seller's ratings, newest first, by seller_ratings_seller_idx (seller_id, created_at desc, id desc),
 * each with its item unless removed. Keyset on (created_at, id): ratings sharing a time are neither skipped nor repeated.
 */
export function ratingsPage(db: Queryable, sellerId: string, cursor: RatingCursor, limit: number) {
  const { ts, id } = cursor;
  return db
    .select({
      id: sellerRatings.id,
      description: sellerRatings.description,
      communication: sellerRatings.communication,
      shipping: sellerRatings.shipping,
      comment: sellerRatings.comment,
      createdAt: sellerRatings.createdAt,
      itemId: items.id,
      itemName: items.name,
      itemThumbnail: items.thumbnail,
      itemRemovedAt: items.removedAt,
    })
    .from(sellerRatings)
    .innerJoin(items, eq(items.id, sellerRatings.itemId))
    .where(
      and(
        eq(sellerRatings.sellerId, sellerId),
        ts
          ? id
            ? sql`(${sellerRatings.createdAt}, ${sellerRatings.id}) < (${ts}::timestamptz, ${id}::uuid)`
            : sql`${sellerRatings.createdAt} < ${ts}::timestamptz`
          : undefined,
      ),
    )
    .orderBy(sql`${sellerRatings.createdAt} desc nulls last`, sql`${sellerRatings.id} desc nulls last`)
    .limit(limit);
}

/** What rating an item's sale needs to know about it. */
export async function itemForRating(db: Queryable, itemId: string) {
  const [row] = await db
    .select({ id: items.id, name: items.name, sellerId: items.sellerId, purchaserId: items.purchaserId, tradedAt: items.tradedAt })
    .from(items)
    .where(eq(items.id, itemId));
  return row;
}

/**
 * Whether a traded item is the one its receiver rates the trade through (issue 28): the item of the order they
 * received (orders.item_id), not the other listings a multi-listing side gave with it.
 */
export async function isTradeOrderItem(db: Queryable, itemId: string, buyerId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(orders)
    .where(and(eq(orders.itemId, itemId), eq(orders.buyerId, buyerId), sql`${orders.tradeId} is not null`))
    .limit(1);
  return row !== undefined;
}

/** Whether the item's sale is rated (seller_ratings_item_key). */
export async function isRated(db: Queryable, itemId: string): Promise<boolean> {
  const [row] = await db.select({ one: sql<number>`1` }).from(sellerRatings).where(eq(sellerRatings.itemId, itemId)).limit(1);
  return row !== undefined;
}

export async function insertRating(db: Queryable, values: typeof sellerRatings.$inferInsert) {
  const [row] = await db.insert(sellerRatings).values(values).returning();
  if (!row) throw new Error('rating insert returned nothing');
  return row;
}

/** One definition for every module (db/contacts.ts). */
export { contactOf } from '../../db/contacts';
