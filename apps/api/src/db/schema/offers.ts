import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { OFFER_STATUSES } from '@keeb/shared';
import { users } from './accounts';
import { items } from './items';
import { regions } from './reference';

export const offerStatus = pgEnum('offer_status', OFFER_STATUSES);

/**
 * Offers on listings (packages/shared/src/offers/offer-machine.ts has the states). Every change is a conditional
 * update on the current status, so two racing requests cannot both win; the unique indexes below are the last
 * guard: one accepted offer per item, one open offer per buyer and item.
 */
export const offers = pgTable(
  'offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id),
    /** The item's seller, copied: the Received list and the seller's counts read offers by it. */
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    /** The buyer's price (their offer, or their last counter), without shipping. */
    priceCents: integer('price_cents').notNull(),
    /** The seller's counter while it stands. */
    counterPriceCents: integer('counter_price_cents'),
    /** Shipping to the buyer's region, from the listing when the offer was made (never from the client). */
    shippingCents: integer('shipping_cents').notNull(),
    regionCode: text('region_code')
      .notNull()
      .references(() => regions.code),
    status: offerStatus('status').notNull().default('pending'),
    /** Decided by the seller's guardrail (issue 16), not by the seller: declined below the floor, or accepted at the auto-accept price. */
    autoDecided: boolean('auto_decided').notNull().default(false),
    /** When the seller accepted or last gave more time: the payment window counts from here. */
    timeAccepted: timestamp('time_accepted', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** The last change by anyone: both lists sort by it. */
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** The last change the seller has to look at (new offer, buyer counter): the seller's new-offers count. */
    buyerActedAt: timestamp('buyer_acted_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** The last change the buyer has to look at (accept, counter, decline, expiry, close): the buyer's count. */
    sellerActedAt: timestamp('seller_acted_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    check('offers_price_positive', sql`${t.priceCents} > 0`),
    check('offers_counter_positive', sql`${t.counterPriceCents} is null or ${t.counterPriceCents} > 0`),
    check('offers_shipping_nonnegative', sql`${t.shippingCents} >= 0`),
    check('offers_accepted_has_time', sql`${t.status} <> 'accepted' or ${t.timeAccepted} is not null`),
    uniqueIndex('offers_one_accepted_per_item').on(t.itemId).where(sql`${t.status} = 'accepted'`),
    // A buyer answers their open offer (counter, pay) instead of stacking another on the same item.
    uniqueIndex('offers_one_open_per_buyer').on(t.itemId, t.buyerId).where(sql`${t.status} in ('pending', 'countered', 'accepted')`),
    // The seller's Received pages (each item's latest activity, read from the index alone) and new-offers count;
    // the buyer's Sent list and count.
    index('offers_seller_items_idx')
      .on(t.sellerId, t.itemId, t.updatedAt.desc())
      .where(sql`${t.status} in ('pending', 'countered', 'accepted', 'expired', 'paid')`),
    // The seller's new offers (the badge count and its reset): a range of usually nothing, not every offer read.
    index('offers_seller_new_idx').on(t.sellerId, t.buyerActedAt).where(sql`${t.status} = 'pending'`),
    index('offers_buyer_idx').on(t.buyerId, t.updatedAt.desc()).where(sql`${t.status} <> 'removed'`),
    index('offers_item_idx').on(t.itemId, t.status),
  ],
);

/** What happened to each offer, by whom: the record behind every status (disputes, support, tests). */
export const offerEvents = pgTable(
  'offer_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id),
    transition: text('transition').notNull(),
    /** Null for the system (expiry, sale, removal). */
    actorId: uuid('actor_id').references(() => users.id),
    priceCents: integer('price_cents'),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('offer_events_offer_idx').on(t.offerId, t.at)],
);
