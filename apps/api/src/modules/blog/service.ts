import { randomBytes } from 'node:crypto';
import {
  BANNER_MAX_POSTS,
  BANNER_MONTHS,
  BLOG_ERRORS,
  BLOG_PAGE_SIZE,
  GIVEAWAY_CATEGORY_ID,
  TOO_MANY_REQUESTS,
  type BlogCategory,
  type BlogComment,
  type BlogList,
  type BlogListQuery,
  type BlogPost,
  type BlogSummary,
  type GiveawayEntry,
  type ValidBlogSaveInput,
} from '@keeb/shared';
import type { Database } from '../../db/client';
import { AppError } from '../../platform/errors';
import { INVALID_IMAGE, listingPhoto } from '../../platform/images';
import { photoParts } from '../../platform/photo-parts';
import { consume, type RateLimits } from '../../platform/rate-limit';
import type { UploadsService } from '../uploads/service';
import * as repo from './repo';
import { paragraphsOf, sanitiseBlogHtml } from './sanitise';

/** Comments per user per hour: a lively thread, not a flood. */
const COMMENTS_PER_HOUR = 30;

export interface BlogDeps {
  db: Database;
  uploads: UploadsService;
  limits: RateLimits;
  /** Whether the account holds admin rights (the accounts module decides). */
  isAdmin: (userId: string) => Promise<boolean>;
}

const notFound = () => new AppError(404, BLOG_ERRORS.notFound);
const iso = (d: Date) => d.toISOString();

/** A foreign key the row pointed at vanished meanwhile (the post was deleted between the check and the insert). */
const foreignKeyViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === '23503' || e.cause?.code === '23503';
};

function toSummary(r: repo.SummaryRow): BlogSummary {
  return {
    _id: r.id,
    title: r.title,
    thumbnail: r.thumbnail,
    body: r.body,
    date: iso(r.publishedAt ?? r.createdAt),
    isPublished: r.isPublished,
    author: { _id: r.authorId, username: r.authorUsername },
    categoryId: { _id: r.categoryId, name: r.categoryName },
    giveaway: r.categoryId === GIVEAWAY_CATEGORY_ID ? { canEnter: r.giveawayOpen } : null,
  };
}

/** The first day of the month BANNER_MONTHS before this one (UTC): the banner keeps posts published since. */
export function bannerSince(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - BANNER_MONTHS, 1));
}

export function createBlogService(deps: BlogDeps) {
  const { db, uploads } = deps;
  const commentLimit = deps.limits.create({ name: 'blog-comments', points: COMMENTS_PER_HOUR, durationSeconds: 3600 });
  const adminOf = async (userId: string | undefined) => (userId ? deps.isAdmin(userId) : false);

  async function postFor(id: string, viewerId: string | undefined, withComments: boolean): Promise<BlogPost> {
    const row = await repo.findPost(db, id);
    if (!row) throw notFound();
    const [comments, isEntered] = await Promise.all([
      withComments ? repo.commentsOf(db, id) : [],
      viewerId && row.categoryId === GIVEAWAY_CATEGORY_ID ? repo.hasEntered(db, id, viewerId) : false,
    ]);
    return {
      ...toSummary(row),
      body: row.body,
      bodyHTML: row.bodyHtml,
      isEntered,
      comments: comments.map(
        (c): BlogComment => ({
          _id: c.id,
          body: c.body,
          timeCreated: iso(c.createdAt),
          userId: { _id: c.userId, username: c.username, avatar: c.avatar, reddit: { isLinked: c.forumLinked } },
        }),
      ),
    };
  }

  /** Giveaway calls: the post exists (404) and is in the Giveaway category. */
  async function giveawayPost(id: string) {
    const row = await repo.findPost(db, id);
    if (!row) throw notFound();
    if (row.categoryId !== GIVEAWAY_CATEGORY_ID) throw new AppError(400, BLOG_ERRORS.notGiveaway);
    return row;
  }

  return {
    async list(viewerId: string | undefined, query: BlogListQuery): Promise<BlogList> {
      const admin = await adminOf(viewerId);
      const after = query.ts && query.cursorId ? { ts: new Date(query.ts), id: query.cursorId } : undefined;
      const rows = await repo.listPosts(db, { admin, after, limit: BLOG_PAGE_SIZE });
      const last = rows.length === BLOG_PAGE_SIZE ? rows[rows.length - 1] : undefined;
      const lastKey = last ? (admin ? last.createdAt : last.publishedAt) : null;
      return { blogs: rows.map(toSummary), p: admin, next: last && lastKey ? { ts: iso(lastKey), cursorId: last.id } : null };
    },

    async banner(now = new Date()): Promise<BlogSummary[]> {
      return (await repo.bannerPosts(db, bannerSince(now), BANNER_MAX_POSTS)).map(toSummary);
    },

    /** Published posts for everyone; an unpublished one only for admins, else as if it did not exist. */
    async post(id: string, viewerId: string | undefined): Promise<BlogPost> {
      const post = await postFor(id, viewerId, true);
      if (!post.isPublished && !(await adminOf(viewerId))) throw notFound();
      return post;
    },

    forEditing: (id: string) => postFor(id, undefined, false),

    async save(authorId: string, input: ValidBlogSaveInput): Promise<BlogPost> {
      if (!(await repo.categoryExists(db, input.categoryId))) throw new AppError(400, BLOG_ERRORS.categoryRequired, { field: 'categoryId' });
      // The HTML that is stored is what every reader's browser renders: only the allowlist survives.
      const sanitised = sanitiseBlogHtml(input.bodyHTML);
      const values = { categoryId: input.categoryId, title: input.title, body: input.body, thumbnail: input.thumbnail, bodyHtml: sanitised || paragraphsOf(input.body) };
      if (!values.bodyHtml) throw new AppError(400, BLOG_ERRORS.contentRequired, { field: 'body' });
      let id = input._id;
      if (id) {
        if (!(await repo.updatePost(db, id, values))) throw notFound();
      } else {
        id = await repo.insertPost(db, { ...values, authorId });
      }
      return postFor(id, undefined, false);
    },

    async publish(id: string) {
      if (!(await repo.publishPost(db, id))) throw notFound();
      return { _id: id, isPublished: true };
    },

    async remove(id: string) {
      if (!(await repo.deletePost(db, id))) throw notFound();
      return { _id: id };
    },

    async categories(): Promise<BlogCategory[]> {
      return (await repo.categories(db)).map((c) => ({ _id: c.id, name: c.name }));
    },

    /**
     * One entry per user and post, held by the primary key: of parallel entries exactly one is stored, the others
     * answer already_entered. The post's row is share-locked so that a Close waits for an entry in flight.
     */
    async enter(userId: string, input: { blogId: string; fullName: string }) {
      return db.transaction(async (tx) => {
        const post = await repo.lockPostForEntry(tx, input.blogId);
        if (!post?.isPublished) throw notFound();
        if (post.categoryId !== GIVEAWAY_CATEGORY_ID) throw new AppError(400, BLOG_ERRORS.notGiveaway);
        if (!post.giveawayOpen) throw new AppError(409, BLOG_ERRORS.giveawayClosed);
        if (!(await repo.insertEntry(tx, { postId: input.blogId, userId, fullName: input.fullName }))) throw new AppError(409, BLOG_ERRORS.alreadyEntered);
        return { blogId: input.blogId, isEntered: true };
      });
    },

    async entries(id: string): Promise<GiveawayEntry[]> {
      await giveawayPost(id);
      return (await repo.entriesOf(db, id)).map((e, i) => ({
        number: i + 1,
        fullName: e.fullName,
        timeCreated: iso(e.createdAt),
        userId: { _id: e.userId, username: e.username, email: e.email },
      }));
    },

    async close(id: string) {
      await giveawayPost(id);
      await repo.closeGiveaway(db, id);
      return { _id: id, giveaway: { canEnter: false } };
    },

    async comment(userId: string, input: { blogId: string; body: string }): Promise<BlogComment> {
      if (!(await repo.isPublished(db, input.blogId))) throw notFound();
      if ((await consume(commentLimit, userId)) > 0) throw new AppError(429, TOO_MANY_REQUESTS, { code: TOO_MANY_REQUESTS });
      try {
        const [row, author] = await Promise.all([repo.insertComment(db, { postId: input.blogId, userId, body: input.body }), repo.commenterOf(db, userId)]);
        return {
          _id: row.id,
          body: input.body,
          timeCreated: iso(row.createdAt),
          userId: { _id: userId, username: author?.username ?? '', avatar: author?.avatar ?? null, reddit: { isLinked: author?.forumLinked ?? false } },
        };
      } catch (error) {
        if (foreignKeyViolation(error)) throw notFound();
        throw error;
      }
    },

    /**
     * Banner and body images: decoded (JPEG or PNG only), re-encoded without metadata and stored with their list
     * (@2x_) and detail (@4x_) sizes beside them, as listing photos are; the list and the banner show the @2x_ one.
     */
    async uploadImage(uploaderId: string, file: Buffer | undefined): Promise<{ url: string }> {
      if (!file?.length) throw new AppError(400, INVALID_IMAGE);
      const photo = await listingPhoto(file);
      const key = `blog/${randomBytes(12).toString('hex')}.jpg`;
      return { url: await uploads.store(uploaderId, key, photoParts(key, photo)) };
    },
  };
}

export type BlogService = ReturnType<typeof createBlogService>;
