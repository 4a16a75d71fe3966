import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { items } from './items';
import { offers } from './offers';

/**
 * Issue 29: an offer to savers, a one-time price the seller sends everyone who saved the item, valid 24 hours.
 * One saver takes it: the conditional update on taken_by (null -> the taker) decides the race, and the accepted
 * offer it makes is guarded by offers_one_accepted_per_item. One per item per week (checked against created_at).
 */
export const saverOffers = pgTable(
  'saver_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    priceCents: integer('price_cents').notNull(),
    /** The listing's price when it was sent (the offer must be below it). */
    listPriceCents: integer('list_price_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    takenBy: uuid('taken_by').references(() => users.id),
    takenAt: timestamp('taken_at', { withTimezone: true, precision: 3 }),
    /** The accepted offer made for the taker. */
    offerId: uuid('offer_id').references(() => offers.id),
  },
  (t) => [
    check('saver_offers_price_positive', sql`${t.priceCents} > 0`),
    check('saver_offers_below_list', sql`${t.priceCents} < ${t.listPriceCents}`),
    check('saver_offers_taken_together', sql`(${t.takenBy} is null) = (${t.takenAt} is null)`),
    // The weekly limit: an item's latest offer to savers.
    index('saver_offers_item_idx').on(t.itemId, t.createdAt.desc()),
  ],
);

/** Who an offer to savers went to: the item's savers when it was sent. Only they may take it. */
export const saverOfferRecipients = pgTable(
  'saver_offer_recipients',
  {
    saverOfferId: uuid('saver_offer_id')
      .notNull()
      .references(() => saverOffers.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.saverOfferId, t.userId] }),
    // GET /api/me/saver-offers: a user's offers, newest first (saver_offer ids are random: the list joins for time).
    index('saver_offer_recipients_user_idx').on(t.userId),
  ],
);
