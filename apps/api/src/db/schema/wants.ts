import { sql } from 'drizzle-orm';
import { boolean, check, customType, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { items } from './items';
import { saleTypes } from './reference';

const tsquery = customType<{ data: string }>({ dataType: () => 'tsquery' });

/**
 * A buyer's saved search that alerts them when a listing matching it goes on sale (issue 16). Matching runs the
 * other way round from a search: one listing against all wants. `anchors` are words a matching listing must hold
 * at least one of (want_anchors() in migration 0023): the GIN index on them finds the few wants worth checking
 * without reading every want, and the stored `query` (the feed's search_tsquery of the text) decides exactly.
 */
export const wants = pgTable(
  'wants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    searchText: text('search_text').notNull(),
    categoryIds: text('category_ids').array().notNull().default(sql`'{}'::text[]`),
    /** Ships-to regions: a match ships to one of them; empty is anywhere. */
    regions: text('regions').array().notNull().default(sql`'{}'::text[]`),
    /** Item plus shipping to the buyer, in cents; null is any price. */
    maxPriceCents: integer('max_price_cents'),
    saleTypeId: text('sale_type_id').references(() => saleTypes.id),
    /** Issue 29: specs, key -> values any of which will do (checkWantSpecs); a match holds a tag of each key. */
    specs: jsonb('specs').$type<Record<string, string[]>>().notNull().default({}),
    /** search_tsquery(search_text) when saved; null when the text has no words (categories alone decide). */
    query: tsquery('query'),
    /** Words (or 'category:<id>' when there are none) of which a matching listing holds one. */
    anchors: text('anchors').array().notNull(),
    paused: boolean('paused').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    /** When the lapse reminder for the current expiresAt was queued (renewing clears it). */
    expiryWarnedAt: timestamp('expiry_warned_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    check('wants_max_price_positive', sql`${t.maxPriceCents} is null or ${t.maxPriceCents} > 0`),
    check('wants_has_anchor', sql`cardinality(${t.anchors}) > 0`),
    // Matching: the unpaused wants holding any word of the listing (expiry is checked on the few found).
    index('wants_anchors_idx').using('gin', t.anchors).where(sql`not ${t.paused}`),
    // The owner's list, newest first, and the active-wants limit.
    index('wants_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // The lapse reminders: wants expiring soon that were not yet warned.
    index('wants_expiry_idx').on(t.expiresAt).where(sql`${t.expiryWarnedAt} is null`),
    // The target of want_matches' (want_id, user_id) key: a match's owner is its want's owner.
    unique('wants_id_user_key').on(t.id, t.userId),
  ],
);

/**
 * One row per want and listing that matched it: the primary key is the database's "alerted once per listing per
 * want". user_id is the want's owner, copied so the Wants badge counts unseen matches from one index range.
 */
export const wantMatches = pgTable(
  'want_matches',
  {
    wantId: uuid('want_id').notNull(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    /** The want's owner (want_matches_want_owner_fk): deleting the user deletes their wants, and these with them. */
    userId: uuid('user_id').notNull(),
    /** Item plus shipping to the buyer when it matched, in cents. */
    priceCents: integer('price_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** When the owner opened their wants after this match (the badge counts the unseen). */
    seenAt: timestamp('seen_at', { withTimezone: true, precision: 3 }),
    /** Set when the match waits for the owner's daily digest; cleared when the digest is queued. */
    digestPending: boolean('digest_pending').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.wantId, t.itemId] }),
    // One key for the want and its owner: one check per inserted match instead of one per column, and a
    // match can never name an owner other than its want's.
    foreignKey({ name: 'want_matches_want_owner_fk', columns: [t.wantId, t.userId], foreignColumns: [wants.id, wants.userId] }).onDelete('cascade'),
    index('want_matches_want_idx').on(t.wantId, t.createdAt.desc(), t.itemId.desc()),
    index('want_matches_unseen_idx').on(t.userId).where(sql`${t.seenAt} is null`),
    index('want_matches_digest_idx').on(t.userId, t.createdAt).where(sql`${t.digestPending}`),
    index('want_matches_item_idx').on(t.itemId),
  ],
);
