import { index, integer, pgTable, primaryKey, smallint, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { items, trades } from './items';

/** The proposer's listings a trade asks for now (a counter replaces them), in the order given. */
export const tradeItems = pgTable(
  'trade_items',
  {
    tradeId: uuid('trade_id')
      .notNull()
      .references(() => trades.id),
    itemId: uuid('item_id')
      .notNull()
      .references((): AnyPgColumn => items.id),
    position: smallint('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tradeId, t.itemId] }),
    // The open trades an item is in (closed by its sale, another accepted trade, its removal).
    index('trade_items_item_idx').on(t.itemId),
  ],
);

/** What happened to each trade, by whom: proposed, countered, accepted, declined, cancelled, expired, extended, paid, settled, completed, closed. */
export const tradeEvents = pgTable(
  'trade_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tradeId: uuid('trade_id')
      .notNull()
      .references(() => trades.id),
    transition: text('transition').notNull(),
    /** Null for the system (expiry, a sale closing it). */
    actorId: uuid('actor_id').references(() => users.id),
    cashToSellerCents: integer('cash_to_seller_cents'),
    cashToBuyerCents: integer('cash_to_buyer_cents'),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('trade_events_trade_idx').on(t.tradeId, t.at)],
);
