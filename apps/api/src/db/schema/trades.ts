import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { TRADE_STATUSES } from '@keeb/shared';
import { users } from './accounts';
import { items } from './items';

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
