import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/** Reference data (seeded like the listing categories); one of them is 'Giveaway'. */
export const blogCategories = pgTable('blog_categories', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  position: integer('position').notNull(),
});

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    categoryId: text('category_id')
      .notNull()
      .references(() => blogCategories.id),
    title: text('title').notNull(),
    /** Plain text, for excerpts and search. */
    body: text('body').notNull(),
    /** Sanitised on the server before it is stored: what is stored is what is served. */
    bodyHtml: text('body_html').notNull(),
    thumbnail: text('thumbnail').notNull(),
    isPublished: boolean('is_published').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true, precision: 3 }),
    /** Giveaway posts only: open (canEnter) until an admin closes it. */
    giveawayOpen: boolean('giveaway_open').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    // The public list and the home banner: published posts, newest first.
    index('blog_posts_published_idx').on(t.publishedAt.desc(), t.id.desc()).where(sql`${t.isPublished}`),
    index('blog_posts_created_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);

export const blogComments = pgTable(
  'blog_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('blog_comments_post_idx').on(t.postId, t.createdAt, t.id)],
);

/** One entry per user and giveaway post: the primary key is the database's "once". */
export const giveawayEntries = pgTable(
  'giveaway_entries',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    fullName: text('full_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('giveaway_entries_post_idx').on(t.postId, t.createdAt)],
);
