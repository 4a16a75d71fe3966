import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';
import { redditLinks } from '../../../db/schema/index';

const sameName = (username: string) => eq(sql`lower(${redditLinks.redditUsername})`, username.toLowerCase());

export async function findLink(db: Queryable, userId: string) {
  const [row] = await db
    .select({ username: redditLinks.redditUsername, joinedAt: redditLinks.redditJoinedAt, transferredCount: redditLinks.transferredCount })
    .from(redditLinks)
    .where(eq(redditLinks.userId, userId));
  return row;
}

/** The user (if any) this Reddit account is linked to. */
export async function findUserIdByRedditName(db: Queryable, username: string) {
  const [row] = await db.select({ userId: redditLinks.userId }).from(redditLinks).where(sameName(username));
  return row?.userId;
}

export async function insertLink(db: Queryable, values: { userId: string; username: string; joinedAt: Date }) {
  await db.insert(redditLinks).values({ userId: values.userId, redditUsername: values.username, redditJoinedAt: values.joinedAt });
}

export async function updateLinkedName(db: Queryable, userId: string, values: { username: string; joinedAt: Date }) {
  await db.update(redditLinks).set({ redditUsername: values.username, redditJoinedAt: values.joinedAt }).where(eq(redditLinks.userId, userId));
}

export async function deleteLink(db: Queryable, userId: string) {
  await db.delete(redditLinks).where(eq(redditLinks.userId, userId));
}

/**
 * Stores the transferred trade count unless one is stored already (the first read wins), and only while the same
 * Reddit account is still linked. Answers the stored count, or undefined when the link is gone.
 */
export async function storeTransferredCount(db: Queryable, userId: string, username: string, count: number): Promise<number | undefined> {
  const [row] = await db
    .update(redditLinks)
    .set({
      transferredCount: sql`coalesce(${redditLinks.transferredCount}, ${count})`,
      transferredAt: sql`coalesce(${redditLinks.transferredAt}, now())`,
    })
    .where(and(eq(redditLinks.userId, userId), sameName(username)))
    .returning({ count: redditLinks.transferredCount });
  return row?.count ?? undefined;
}
