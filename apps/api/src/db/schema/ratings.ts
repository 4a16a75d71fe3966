import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { items } from './items';

/**
 * Seller feedback: one row per sold item, written by its buyer. The unique item is the database's "once": two
 * parallel submissions cannot both land. Scores are 1-5 by check constraint, whatever the route let through.
 */
export const sellerRatings = pgTable(
  'seller_ratings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id),
    description: integer('description').notNull(),
    communication: integer('communication').notNull(),
    shipping: integer('shipping').notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('seller_ratings_item_key').on(t.itemId),
    // The feedback page: a seller's ratings newest first, and their averages from the same index.
    index('seller_ratings_seller_idx').on(t.sellerId, t.createdAt.desc(), t.id.desc()),
    check('seller_ratings_description_range', sql`${t.description} between 1 and 5`),
    check('seller_ratings_communication_range', sql`${t.communication} between 1 and 5`),
    check('seller_ratings_shipping_range', sql`${t.shipping} between 1 and 5`),
    check('seller_ratings_not_self', sql`${t.sellerId} <> ${t.buyerId}`),
  ],
);
