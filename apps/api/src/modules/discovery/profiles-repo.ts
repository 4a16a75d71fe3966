import { and, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { follows, items, karmaLedger, userCounts, users } from '../../db/schema/index';
import { userNamedBy } from '../../db/user-key';
import { publicItem } from './list-options';

/**
 * A not-removed user by username (case-insensitive, users_username_lower_key) or, for links that carry it, by id.
 * Usernames are at most 30 characters, so a 36-character uuid can never be mistaken for one.
 */
export async function findUser(db: Queryable, key: string) {
  const [row] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(userNamedBy(key))
    .limit(1);
  return row;
}

/*
 * The profile header's counts as counted live: the definitions that user_counts (migration 0034) keeps by triggers
 * and the header reads (profile-header.ts). user-counts.test.ts compares the two after every kind of write.
 */

/** Platform sales (listings that found a buyer, like the item detail's seller count). */
export async function salesCount(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(items)
    .where(and(eq(items.sellerId, userId), isNotNull(items.purchaserId)));
  return row?.n ?? 0;
}

/**
 * Listings for sale: the same condition as the public seller list (approved, unsold, not removed), counted over
 * items_seller_idx (seller_id leads it), so one seller's rows are read and no other's.
 */
export function forSaleCountQuery(db: Queryable, userId: string) {
  return db
    .select({ n: count() })
    .from(items)
    .where(and(eq(items.sellerId, userId), publicItem));
}

export async function forSaleCount(db: Queryable, userId: string): Promise<number> {
  const [row] = await forSaleCountQuery(db, userId);
  return row?.n ?? 0;
}

/** Karma is the sum of the user's ledger rows. */
export async function karmaOf(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${karmaLedger.amount}), 0)::integer` })
    .from(karmaLedger)
    .where(eq(karmaLedger.userId, userId));
  return Number(row?.total ?? 0);
}

/** Followers of a user, not counting removed accounts. */
export async function followerCount(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(follows)
    .innerJoin(users, eq(users.id, follows.followerId))
    .where(and(eq(follows.followedId, userId), isNull(users.removedAt)));
  return row?.n ?? 0;
}

/** Accounts a user follows, not counting removed accounts. */
export async function followingCount(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(follows)
    .innerJoin(users, eq(users.id, follows.followedId))
    .where(and(eq(follows.followerId, userId), isNull(users.removedAt)));
  return row?.n ?? 0;
}

/** Followers as user_counts keeps them (the follow and unfollow answers): one primary-key read. */
export async function keptFollowerCount(db: Queryable, userId: string): Promise<number> {
  const [row] = await db.select({ n: userCounts.followers }).from(userCounts).where(eq(userCounts.userId, userId));
  return row?.n ?? 0;
}

export async function isFollowing(db: Queryable, followerId: string, followedId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followedId, followedId)))
    .limit(1);
  return row !== undefined;
}

/** Idempotent: a second follow keeps the first row (and its time). */
export async function follow(db: Queryable, followerId: string, followedId: string): Promise<void> {
  await db.insert(follows).values({ followerId, followedId }).onConflictDoNothing();
}

export async function unfollow(db: Queryable, followerId: string, followedId: string): Promise<void> {
  await db.delete(follows).where(and(eq(follows.followerId, followerId), eq(follows.followedId, followedId)));
}

export interface FollowCursor {
  ts?: string | undefined;
  id?: string | undefined;
}

/**
 * One page of a follow list, newest follow first, removed accounts left out. `direction` 'followers' lists who
 * follows `userId` (follows_followed_idx); 'following' lists whom `userId` follows (follows_follower_created_idx).
 * Keyset on (created_at, other user's id), so follows sharing a timestamp are neither skipped nor repeated.
 */
export function followPage(db: Queryable, o: { direction: 'followers' | 'following'; userId: string; cursor: FollowCursor; limit: number }) {
  const [self, other] = o.direction === 'followers' ? [follows.followedId, follows.followerId] : [follows.followerId, follows.followedId];
  const { ts, id } = o.cursor;
  return db
    .select({ id: users.id, username: users.username, avatar: users.avatar, followedAt: follows.createdAt })
    .from(follows)
    .innerJoin(users, eq(users.id, other))
    .where(
      and(
        eq(self, o.userId),
        isNull(users.removedAt),
        ts
          ? id
            ? sql`(${follows.createdAt}, ${other}) < (${ts}::timestamptz, ${id}::uuid)`
            : sql`${follows.createdAt} < ${ts}::timestamptz`
          : undefined,
      ),
    )
    .orderBy(sql`${follows.createdAt} desc nulls last`, sql`${other} desc nulls last`)
    .limit(o.limit);
}
