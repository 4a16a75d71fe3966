import { and, asc, desc, eq, gte, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { BLOG_EXCERPT_MAX } from '@keeb/shared';
import type { Queryable, Tx } from '../../db/client';
import { blogCategories, blogComments, blogPosts, giveawayEntries, redditLinks, users } from '../../db/schema/index';

/** The columns of a post every answer needs; `excerpt` true cuts the body to what a list shows. */
const postColumns = (excerpt: boolean) => ({
  id: blogPosts.id,
  title: blogPosts.title,
  thumbnail: blogPosts.thumbnail,
  body: excerpt ? sql<string>`left(${blogPosts.body}, ${BLOG_EXCERPT_MAX})` : blogPosts.body,
  isPublished: blogPosts.isPublished,
  publishedAt: blogPosts.publishedAt,
  createdAt: blogPosts.createdAt,
  giveawayOpen: blogPosts.giveawayOpen,
  authorId: blogPosts.authorId,
  authorUsername: users.username,
  categoryId: blogPosts.categoryId,
  categoryName: blogCategories.name,
});

export type PostRow = Awaited<ReturnType<typeof findPost>> & {};
export type SummaryRow = Awaited<ReturnType<typeof listPosts>>[number];

const summaries = (db: Queryable) =>
  db
    .select(postColumns(true))
    .from(blogPosts)
    .innerJoin(users, eq(users.id, blogPosts.authorId))
    .innerJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId));

/**
 * A page of the list, keyset-paginated: visitors get published posts by publication time (blog_posts_published_idx),
 * admins every post by creation time (blog_posts_created_idx), newest first, the id breaking ties.
 */
export function listPosts(db: Queryable, opts: { admin: boolean; after?: { ts: Date; id: string } | undefined; limit: number }) {
  const key = opts.admin ? blogPosts.createdAt : blogPosts.publishedAt;
  const conditions: Array<SQL | undefined> = [opts.admin ? undefined : eq(blogPosts.isPublished, true)];
  if (opts.after) conditions.push(or(lt(key, opts.after.ts), and(eq(key, opts.after.ts), lt(blogPosts.id, opts.after.id))));
  return summaries(db)
    .where(and(...conditions))
    .orderBy(desc(key), desc(blogPosts.id))
    .limit(opts.limit);
}

/** Published posts since `since`, most recent first (the home banner). */
export function bannerPosts(db: Queryable, since: Date, limit: number) {
  return summaries(db)
    .where(and(eq(blogPosts.isPublished, true), gte(blogPosts.publishedAt, since)))
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
    .limit(limit);
}

export async function findPost(db: Queryable, id: string) {
  const [row] = await db
    .select({ ...postColumns(false), bodyHtml: blogPosts.bodyHtml })
    .from(blogPosts)
    .innerJoin(users, eq(users.id, blogPosts.authorId))
    .innerJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId))
    .where(eq(blogPosts.id, id));
  return row;
}

/** Comments of a post, oldest first; those of removed accounts are not shown (spec: comments without userId). */
export function commentsOf(db: Queryable, postId: string) {
  return db
    .select({
      id: blogComments.id,
      body: blogComments.body,
      createdAt: blogComments.createdAt,
      userId: users.id,
      username: users.username,
      avatar: users.avatar,
      forumLinked: sql<boolean>`${redditLinks.userId} is not null`,
    })
    .from(blogComments)
    .innerJoin(users, eq(users.id, blogComments.userId))
    .leftJoin(redditLinks, eq(redditLinks.userId, users.id))
    .where(and(eq(blogComments.postId, postId), isNull(users.removedAt)))
    .orderBy(asc(blogComments.createdAt), asc(blogComments.id));
}

export async function hasEntered(db: Queryable, postId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: giveawayEntries.userId })
    .from(giveawayEntries)
    .where(and(eq(giveawayEntries.postId, postId), eq(giveawayEntries.userId, userId)));
  return Boolean(row);
}

export function categories(db: Queryable) {
  return db.select({ id: blogCategories.id, name: blogCategories.name }).from(blogCategories).orderBy(asc(blogCategories.position));
}

export async function categoryExists(db: Queryable, id: string): Promise<boolean> {
  const [row] = await db.select({ id: blogCategories.id }).from(blogCategories).where(eq(blogCategories.id, id));
  return Boolean(row);
}

type PostValues = Pick<typeof blogPosts.$inferInsert, 'categoryId' | 'title' | 'body' | 'bodyHtml' | 'thumbnail'>;

export async function insertPost(db: Queryable, values: PostValues & { authorId: string }): Promise<string> {
  const [row] = await db.insert(blogPosts).values(values).returning({ id: blogPosts.id });
  if (!row) throw new Error('blog post insert returned nothing');
  return row.id;
}

/** Answers whether the post existed. The author stays who wrote it first. */
export async function updatePost(db: Queryable, id: string, values: PostValues): Promise<boolean> {
  const rows = await db.update(blogPosts).set({ ...values, updatedAt: sql`now()` }).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id });
  return rows.length > 0;
}

/** Publishing twice keeps the first publication time (the post's date and its place in the list). */
export async function publishPost(db: Queryable, id: string): Promise<boolean> {
  const rows = await db
    .update(blogPosts)
    .set({ isPublished: true, publishedAt: sql`coalesce(${blogPosts.publishedAt}, now())`, updatedAt: sql`now()` })
    .where(eq(blogPosts.id, id))
    .returning({ id: blogPosts.id });
  return rows.length > 0;
}

/** Comments and giveaway entries go with it (on delete cascade). */
export async function deletePost(db: Queryable, id: string): Promise<boolean> {
  const rows = await db.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id });
  return rows.length > 0;
}

export async function closeGiveaway(db: Queryable, id: string): Promise<void> {
  await db.update(blogPosts).set({ giveawayOpen: false, updatedAt: sql`now()` }).where(eq(blogPosts.id, id));
}

/**
 * The post an entry is for, read with a share lock: a Close (an update of the row) waits for the entry's
 * transaction, so no entry lands after the giveaway closed.
 */
export async function lockPostForEntry(tx: Tx, id: string) {
  const [row] = await tx
    .select({ isPublished: blogPosts.isPublished, categoryId: blogPosts.categoryId, giveawayOpen: blogPosts.giveawayOpen })
    .from(blogPosts)
    .where(eq(blogPosts.id, id))
    .for('share');
  return row;
}

/** Answers false when the user had entered already: the primary key (post, user) is the "once". */
export async function insertEntry(tx: Tx, values: { postId: string; userId: string; fullName: string }): Promise<boolean> {
  const rows = await tx.insert(giveawayEntries).values(values).onConflictDoNothing().returning({ userId: giveawayEntries.userId });
  return rows.length > 0;
}

export function entriesOf(db: Queryable, postId: string) {
  return db
    .select({ fullName: giveawayEntries.fullName, createdAt: giveawayEntries.createdAt, userId: users.id, username: users.username, email: users.email })
    .from(giveawayEntries)
    .innerJoin(users, eq(users.id, giveawayEntries.userId))
    .where(eq(giveawayEntries.postId, postId))
    .orderBy(asc(giveawayEntries.createdAt), asc(giveawayEntries.userId));
}

export async function isPublished(db: Queryable, id: string): Promise<boolean> {
  const [row] = await db.select({ isPublished: blogPosts.isPublished }).from(blogPosts).where(eq(blogPosts.id, id));
  return row?.isPublished === true;
}

export async function insertComment(db: Queryable, values: { postId: string; userId: string; body: string }) {
  const [row] = await db.insert(blogComments).values(values).returning({ id: blogComments.id, createdAt: blogComments.createdAt });
  if (!row) throw new Error('blog comment insert returned nothing');
  return row;
}

/** The commenter as a comment shows them. */
export async function commenterOf(db: Queryable, userId: string) {
  const [row] = await db
    .select({ username: users.username, avatar: users.avatar, forumLinked: sql<boolean>`${redditLinks.userId} is not null` })
    .from(users)
    .leftJoin(redditLinks, eq(redditLinks.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}
