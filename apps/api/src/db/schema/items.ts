import { sql } from 'drizzle-orm';
import { boolean, check, customType, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { TRADE_STATUSES, type ItemSpecs } from '@keeb/shared';
import { users } from './accounts';
import { categories, regions, saleTypes } from './reference';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** The public condition every public list (and its partial indexes) shares. */
const PUBLIC = sql.raw(`"items"."approval_status" = 'approved' and "items"."purchaser_id" is null and "items"."removed_at" is null`);

export const approvalStatus = pgEnum('approval_status', ['pending', 'approved', 'rejected']);
export const paymentStatus = pgEnum('payment_status', ['none', 'pending']);

export const items = pgTable(
  'items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    categoryId: text('category_id')
      .notNull()
      .references(() => categories.id),
    saleTypeId: text('sale_type_id')
      .notNull()
      .default('individual')
      .references(() => saleTypes.id),
    name: text('name').notNull(),
    description: text('description').notNull(),
    priceCents: integer('price_cents').notNull(),
    paymentEmail: text('payment_email').notNull(),
    offersAccepted: boolean('offers_accepted').notNull(),
    isFixedPrice: boolean('is_fixed_price').notNull(),
    photos: text('photos').array().notNull(),
    thumbnail: text('thumbnail').notNull(),
    approvalStatus: approvalStatus('approval_status').notNull().default('pending'),
    paymentStatus: paymentStatus('payment_status').notNull().default('none'),
    purchaserId: uuid('purchaser_id').references(() => users.id),
    priceSoldCents: integer('price_sold_cents'),
    /** When it was paid for (set with purchaserId): the sold-price history reads the last 12 months by it. */
    soldAt: timestamp('sold_at', { withTimezone: true, precision: 3 }),
    /** Offer guardrails (issue 16), private to the seller: offers below the floor are declined at once... */
    autoDeclineBelowCents: integer('auto_decline_below_cents'),
    /** ...and the first offer at or above this price is accepted at once. */
    autoAcceptAtCents: integer('auto_accept_at_cents'),
    /**
     * The timestamp photo (issue 26, optional): the code the seller wrote on paper (issued by the API to that seller,
     * timestamp_codes) and the photo that shows it with the item. An approved listing with both is 'Timestamped'.
     */
    timestampCode: text('timestamp_code'),
    timestampPhoto: text('timestamp_photo'),
    /** Issue 28: the seller takes trades ('Open to trades') and says what for ('Looking for: ...'). */
    openToTrades: boolean('open_to_trades').notNull().default(false),
    lookingFor: text('looking_for').notNull().default(''),
    /**
     * The accepted trade holding the item ('Trade pending'), then the completed one that traded it. One column, so
     * an item is in one accepted trade at most; and never held while sold (items_sale_or_trade).
     */
    tradeId: uuid('trade_id').references((): AnyPgColumn => trades.id),
    /** When its trade completed: the item is then gone to the other side (purchaser_id) as a trade, not a sale. */
    tradedAt: timestamp('traded_at', { withTimezone: true, precision: 3 }),
    /**
     * Issue 29: the specs as the seller gave them (checked against the category's lists, packages/shared/src/specs),
     * and the same as tags ('size:65%', 'mounting:hot-swap', specTags()), written together by the items service:
     * the feed's spec filters, the facet counts and the wants' matching read the tags.
     */
    specs: jsonb('specs').$type<ItemSpecs>().notNull().default({}),
    specTags: text('spec_tags').array().notNull().default(sql`'{}'::text[]`),
    /** Issue 29: the last price drop (the price it dropped from, and when), for the savers' Saved tab... */
    priceDroppedFromCents: integer('price_dropped_from_cents'),
    priceDroppedAt: timestamp('price_dropped_at', { withTimezone: true, precision: 3 }),
    /** ...and when savers were last told of one: at most once a day per item. */
    priceDropNotifiedAt: timestamp('price_drop_notified_at', { withTimezone: true, precision: 3 }),
    /** Denormalised count of saves, kept by the listings issue's save/unsave in the same transaction. */
    saveCount: integer('save_count').notNull().default(0),
    /** When it went on sale (millisecond precision, like the ISO strings clients send back as the list cursor): set at creation and again at approval, so a newly approved listing tops the feed. */
    timeListed: timestamp('time_listed', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** When the seller created it: the posting limit counts these. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /**
     * Whole UTC days from 2000-01-01 to timeListed (listDay in discovery/list-options.ts computes the same): beside the
     * search vector in items_search_day_idx, it lets a newest-first search read only recent days' matches.
     */
    listedDay: integer('listed_day')
      .notNull()
      .generatedAlwaysAs((): ReturnType<typeof sql> => sql`((time_listed AT TIME ZONE 'UTC')::date - DATE '2000-01-01')`),
    /**
     * The region codes of its item_shipping rows, sorted, kept by the item_shipping triggers (migration 0010): the
     * Ships To filter reads them on the listing row the list already walks instead of probing item_shipping per row.
     */
    shipRegions: text('ship_regions').array().notNull().default(sql`'{}'::text[]`),
    /**
     * Full-text search document: name (weight A) and description (weight B) with the 'simple' configuration, so
     * keyboard words (65, tkl, hot-swap, gmk) are kept as written, never stemmed or dropped as stop words; and
     * (issue 36) the words of its spec tags and condition with the name's weight (spec_search_text, migration 0033).
     */
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        (): ReturnType<typeof sql> =>
          sql`setweight(to_tsvector('simple'::regconfig, coalesce(name, '')), 'A') || setweight(to_tsvector('simple'::regconfig, coalesce(description, '')), 'B') || setweight(to_tsvector('simple'::regconfig, spec_search_text(spec_tags)), 'A')`,
      ),
  },
  (t) => [
    check('items_price_positive', sql`${t.priceCents} > 0`),
    // One accepted trade or sale per item: an item sold for money is never held by a trade, and a held one is
    // never sold (payments' markItemSold checks trade_id too; this is the last guard).
    check('items_sale_or_trade', sql`${t.purchaserId} is null or ${t.tradeId} is null or ${t.tradedAt} is not null`),
    check('items_traded_has_trade', sql`${t.tradedAt} is null or (${t.tradeId} is not null and ${t.purchaserId} is not null)`),
    check('items_looking_for_length', sql`char_length(${t.lookingFor}) <= 300`),
    check('items_spec_tags_count', sql`cardinality(${t.specTags}) <= 40`),
    check('items_price_dropped_positive', sql`${t.priceDroppedFromCents} is null or ${t.priceDroppedFromCents} > 0`),
    check('items_sale_mode', sql`${t.offersAccepted} or ${t.isFixedPrice}`),
    check('items_photos_count', sql`cardinality(${t.photos}) between 1 and 16`),
    check('items_auto_decline_positive', sql`${t.autoDeclineBelowCents} is null or ${t.autoDeclineBelowCents} > 0`),
    check('items_auto_accept_positive', sql`${t.autoAcceptAtCents} is null or ${t.autoAcceptAtCents} > 0`),
    check('items_auto_order', sql`${t.autoDeclineBelowCents} is null or ${t.autoAcceptAtCents} is null or ${t.autoDeclineBelowCents} <= ${t.autoAcceptAtCents}`),
    // Both guardrails sit below a fixed price: at the price a buyer simply buys.
    check('items_auto_below_price', sql`not ${t.isFixedPrice} or (coalesce(${t.autoDeclineBelowCents}, 0) < ${t.priceCents} and coalesce(${t.autoAcceptAtCents}, 0) < ${t.priceCents})`),
    // The public feed: approved, unsold, not removed, newest first. Matches the feed query's ORDER BY exactly.
    index('items_feed_idx')
      .on(t.timeListed.desc(), t.id.desc())
      .where(sql`${t.approvalStatus} = 'approved' and ${t.purchaserId} is null and ${t.removedAt} is null`),
    // Default feed within categories (single category walks it in order): items_category_specs_idx, (category_id,
    // time_listed desc, id desc) INCLUDE (spec_tags, seller_id) over the public rows, in migration 0035 only, as
    // drizzle cannot declare INCLUDE (issue 37: a spec filter's walk checks the tags in the index, spec-plan.ts).
    // Price sorts: low walks it forward (ASC NULLS LAST), high backward (DESC NULLS FIRST). Equal prices in
    // listing time order: the spec's cursor for a price sort is the last item's price and time (spec 2.3).
    index('items_price_idx').on(t.priceCents, t.timeListed, t.id).where(PUBLIC),
    // sort=rate: most saved first, newest first among equals.
    index('items_rate_idx').on(t.saveCount.desc(), t.timeListed.desc(), t.id.desc()).where(PUBLIC),
    // Search: full text over the public listings; typos and partial words are first widened to catalogue words
    // (search_words below), so every search is one full-text query the planner can estimate. The listing day
    // beside the words (btree_gin) lets a newest-first search intersect both inside the index: the matches of
    // the last days only, not every match of a word found in thousands of listings.
    index('items_search_day_idx').using('gin', t.search, t.listedDay).where(PUBLIC),
    // Ships To on its own or with a rare region: the listings that ship to any of the asked regions.
    index('items_ship_regions_idx').using('gin', t.shipRegions).where(PUBLIC),
    // A seller's listings (profile, /me listed and sold) and a buyer's purchases, newest first.
    index('items_seller_idx').on(t.sellerId, t.timeListed.desc(), t.id.desc()),
    index('items_purchaser_idx').on(t.purchaserId, t.timeListed.desc(), t.id.desc()).where(sql`${t.purchaserId} is not null`),
    index('items_seller_created_idx').on(t.sellerId, t.createdAt),
    // A seller's platform sales (the item page's and the profile's transaction count): the sold rows only, so a
    // seller with thousands of listings is counted from the index, not from a heap block per listing.
    index('items_seller_sold_idx').on(t.sellerId).where(sql`${t.purchaserId} is not null`),
    // A seller's public listings, counted for the profile's 'Items For Sale' from the index alone: without it the
    // planner intersected the seller's listings with the Ships To index's public rows (85,000 read, 35 ms).
    index('items_seller_public_idx').on(t.sellerId).where(PUBLIC),
    // Sold-price history: the words of sold listings (a small share of all), and the last year's sales by time.
    // The sale time beside the words (btree_gin) intersects a search's sales with the year inside the index.
    index('items_sold_search_idx').using('gin', t.search, t.soldAt).where(sql`${t.purchaserId} is not null`),
    index('items_sold_at_idx').on(t.soldAt.desc()).where(sql`${t.purchaserId} is not null`),
    // Issue 29: the public listings holding spec tags (filters by spec, facet counts).
    index('items_spec_tags_idx').using('gin', t.specTags).where(PUBLIC),
    // The feed's 'Open to trades' filter, newest first.
    index('items_trades_feed_idx').on(t.timeListed.desc(), t.id.desc()).where(sql`${PUBLIC} and ${t.openToTrades}`),
    // The admins' approval queue, oldest first.
    index('items_approval_idx').on(t.timeListed, t.id).where(sql`${t.approvalStatus} = 'pending' and ${t.removedAt} is null`),
  ],
);

/** Who saved which item ('likes'); items.save_count mirrors the count and moves in the same transaction. */
export const itemSaves = pgTable(
  'item_saves',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.itemId] }),
    index('item_saves_item_idx').on(t.itemId),
    // The vault's Saved tab: newest save first.
    index('item_saves_user_created_idx').on(t.userId, t.createdAt.desc(), t.itemId.desc()),
  ],
);

export const itemComments = pgTable(
  'item_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('item_comments_item_idx').on(t.itemId, t.createdAt), index('item_comments_user_idx').on(t.userId, t.createdAt)],
);

export const itemShipping = pgTable(
  'item_shipping',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    regionCode: text('region_code')
      .notNull()
      .references(() => regions.code),
    priceCents: integer('price_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.regionCode] }), check('item_shipping_price_nonnegative', sql`${t.priceCents} >= 0`)],
);

/**
 * Every word that has appeared in a listing name (the 'simple' lexemes of items.name), kept by the trigger
 * items_search_words (migration 0008). Search matches prefixes, typos and partial words against these few thousand
 * words with pg_trgm and fuzzystrmatch (search_tsqueries(), migration 0025), never against a million names. Words
 * are never removed: an extra word only widens a query by a term that matches nothing.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
]);

// The trades table stands here, beside items, not in trades.ts with its items and events: a listing and a trade
// reference each other (items.trade_id holds the listing in an accepted trade; trades.item_id is the listing asked
// for), and two tables referencing each other from two files are an import circle.
export const tradeStatus = pgEnum('trade_status', TRADE_STATUSES);

/**
 * Issue 28: a trade of the proposer's listings (trade_items) for the seller's listing `item_id`, with cash one way
 * at most. pending awaits the seller, countered the proposer; accepted holds every item (items.trade_id) until the
 * cash is paid (purchases.trade_id) or, with none owed, at once: then each side is an order (orders.trade_id), and
 * when both are received the trade is completed. Every change is a conditional update on the current status.
 */
export const trades = pgTable(
  'trades',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The seller's listing the trade is about. */
    itemId: uuid('item_id')
      .notNull()
      .references((): AnyPgColumn => items.id),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    proposerId: uuid('proposer_id')
      .notNull()
      .references(() => users.id),
    /** The proposer adds this much... */
    cashToSellerCents: integer('cash_to_seller_cents').notNull().default(0),
    /** ...or asks for this much (one of the two is 0). */
    cashToBuyerCents: integer('cash_to_buyer_cents').notNull().default(0),
    /** The current terms' message (the proposal's, or the last counter's). */
    message: text('message').notNull().default(''),
    status: tradeStatus('status').notNull().default('pending'),
    /** When accepted, or when the payee last gave more time: the payer's 24 hours count from here. */
    acceptedAt: timestamp('accepted_at', { withTimezone: true, precision: 3 }),
    /** When the orders were opened: the cash captured, or the acceptance itself when no cash is owed. */
    settledAt: timestamp('settled_at', { withTimezone: true, precision: 3 }),
    completedAt: timestamp('completed_at', { withTimezone: true, precision: 3 }),
    /** Why a declined or cancelled trade ended: declined, cancelled, expired, item_sold, item_traded, item_removed, item_rejected (issue 36). */
    closedReason: text('closed_reason'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** The last change by anyone: both lists sort by it. */
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** The last change the seller has to look at (a proposal, the proposer's counter): the seller's badge. */
    proposerActedAt: timestamp('proposer_acted_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** The last change the proposer has to look at (accept, counter, decline, expiry, close): the proposer's badge. */
    sellerActedAt: timestamp('seller_acted_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    check('trades_cash_nonnegative', sql`${t.cashToSellerCents} >= 0 and ${t.cashToBuyerCents} >= 0`),
    check('trades_cash_one_way', sql`${t.cashToSellerCents} = 0 or ${t.cashToBuyerCents} = 0`),
    check('trades_not_own', sql`${t.sellerId} <> ${t.proposerId}`),
    check('trades_accepted_has_time', sql`${t.status} not in ('accepted', 'completed') or ${t.acceptedAt} is not null`),
    check('trades_completed_settled', sql`${t.status} <> 'completed' or (${t.settledAt} is not null and ${t.completedAt} is not null)`),
    // The seller's Received list and the proposer's Sent list, newest activity first, keyset pages by (updated_at, id).
    index('trades_seller_idx').on(t.sellerId, t.updatedAt.desc(), t.id.desc()),
    index('trades_proposer_idx').on(t.proposerId, t.updatedAt.desc(), t.id.desc()),
    index('trades_item_idx').on(t.itemId, t.status),
    // A proposer answers their open trade on an item (counter, cancel) instead of stacking another.
    uniqueIndex('trades_one_open_per_proposer').on(t.itemId, t.proposerId).where(sql`${t.status} in ('pending', 'countered', 'accepted')`),
    // The badges: the seller's trades awaiting them, and the proposer's trades the seller (or the system) moved.
    index('trades_seller_new_idx').on(t.sellerId, t.proposerActedAt).where(sql`${t.status} = 'pending'`),
    index('trades_proposer_new_idx').on(t.proposerId, t.sellerActedAt).where(sql`${t.sellerActedAt} is not null`),
    // Confirmed trades on the trust panel: completed trades counted once for each side.
    index('trades_seller_completed_idx').on(t.sellerId).where(sql`${t.status} = 'completed'`),
    index('trades_proposer_completed_idx').on(t.proposerId).where(sql`${t.status} = 'completed'`),
  ],
);
