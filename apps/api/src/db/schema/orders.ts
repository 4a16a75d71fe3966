import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { MailingAddress } from '@keeb/shared';
import { users } from './accounts';
import { items } from './items';
import { trades } from './items';

/**
 * What happens after the payment (issue 26). Every captured purchase is an order, made in the sale's own
 * transaction, with the purchase's id as its own: paid -> shipped -> received, or a problem while it lasts, or
 * refunded by the provider. The purchase keeps the money side (lock, capture); the order the parcel and the trust.
 */
export const orderStatus = pgEnum('order_status', ['paid', 'shipped', 'received', 'problem', 'refunded']);

export const orders = pgTable(
  'orders',
  {
    /**
     * A sale's order has its purchase's id (payments finalize); a trade's two orders have ids of their own and
     * trade_id (issue 28), so there is no foreign key to purchases.
     */
    id: uuid('id').primaryKey().defaultRandom(),
    /** Issue 28: the trade this order is one side of (item_id is the first, or only, listing that side gives). */
    tradeId: uuid('trade_id').references(() => trades.id),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    status: orderStatus('status').notNull().default('paid'),
    paidAt: timestamp('paid_at', { withTimezone: true, precision: 3 }).notNull(),
    /** The community's rule: shipped within 72 hours of payment. Past it, unshipped, the order is 'Late'. */
    shipBy: timestamp('ship_by', { withTimezone: true, precision: 3 }).notNull(),
    /** Where to ship, as the provider returned it with the capture (or the stand-in's form): the seller's to read. */
    shipTo: jsonb('ship_to').$type<MailingAddress>(),
    shippedAt: timestamp('shipped_at', { withTimezone: true, precision: 3 }),
    /** Null when shipped without tracking ('No tracking'). */
    trackingNumber: text('tracking_number'),
    /** A carrier code (usps, ups, fedex, dhl, ...), given by the seller or recognised from the number. */
    trackingCarrier: text('tracking_carrier'),
    /**
     * The tracking's copy at the provider (PayPal's /track call, what protects the seller in a dispute): null when
     * there is nothing to send or no provider to send it to, then pending, sent, or refused (with why in
     * tracking_sync_error). A refusal never undoes 'shipped'.
     */
    trackingSync: text('tracking_sync', { enum: ['pending', 'sent', 'refused'] }),
    trackingSyncError: text('tracking_sync_error'),
    receivedAt: timestamp('received_at', { withTimezone: true, precision: 3 }),
    /** Received by the 14-day rule rather than by the buyer. */
    autoReceived: boolean('auto_received').notNull().default(false),
    refundedAt: timestamp('refunded_at', { withTimezone: true, precision: 3 }),
    /** Received or refunded: 90 days after this, nobody sees ship_to any more. */
    closedAt: timestamp('closed_at', { withTimezone: true, precision: 3 }),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    check('orders_shipped_has_time', sql`${t.status} <> 'shipped' or ${t.shippedAt} is not null`),
    check('orders_auto_received_after_shipping', sql`not ${t.autoReceived} or ${t.shippedAt} is not null`),
    check('orders_received_has_time', sql`${t.status} <> 'received' or ${t.receivedAt} is not null`),
    check('orders_closed_when_final', sql`${t.status} not in ('received', 'refunded') or ${t.closedAt} is not null`),
    // Each side's orders, newest first, in keyset pages by (paid_at, id).
    index('orders_buyer_idx').on(t.buyerId, t.paidAt.desc(), t.id.desc()),
    index('orders_seller_idx').on(t.sellerId, t.paidAt.desc(), t.id.desc()),
    // Confirmed trades, counted for both sides (an index-only count each). A trade's two orders count once for each
    // side, as the completed trade (trades_*_completed_idx), so these leave them out.
    // Issue 37: with the columns of a confirmed parcel (db/trust.ts), so the buyer's count reads no heap either.
    index('orders_buyer_received_idx')
      .on(t.buyerId, t.shippedAt, t.paidAt, t.receivedAt, t.trackingNumber)
      .where(sql`${t.status} = 'received' and ${t.tradeId} is null`),
    index('orders_seller_received_idx').on(t.sellerId).where(sql`${t.status} = 'received' and ${t.tradeId} is null`),
    index('orders_trade_idx').on(t.tradeId).where(sql`${t.tradeId} is not null`),
    uniqueIndex('orders_item_key').on(t.itemId),
    // The trust panel's seller figures (confirmed, due, on time) from the index alone, on every item page.
    // trade_id: the confirmed count leaves trade orders out without leaving the index. Issue 37: a confirmed parcel
    // (issue 36, db/trust.ts) also reads tracking_number, paid_at and received_at; without them the busiest seller's
    // figures read 425 heap pages (1.4 ms of the profile header's 2 ms at 1M listings).
    index('orders_seller_trust_idx').on(t.sellerId, t.status, t.shippedAt, t.shipBy, t.tradeId, t.paidAt, t.receivedAt, t.trackingNumber),
  ],
);

/** The reasons a buyer can give (POST /api/order/{id}/problem). */
export const problemReason = pgEnum('problem_reason', ['not_received', 'not_as_described', 'damaged', 'other']);

/** A problem a buyer reported on an order: open until the buyer marks it resolved or an admin closes it. */
export const orderProblems = pgTable(
  'order_problems',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    reason: problemReason('reason').notNull(),
    details: text('details').notNull().default(''),
    openedBy: uuid('opened_by')
      .notNull()
      .references(() => users.id),
    openedAt: timestamp('opened_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, precision: 3 }),
    /** resolved: the buyer marked it resolved; closed: an admin closed it. */
    resolution: text('resolution', { enum: ['resolved', 'closed'] }),
    resolvedBy: uuid('resolved_by').references(() => users.id),
  },
  (t) => [
    check('order_problems_resolution', sql`(${t.resolvedAt} is null) = (${t.resolution} is null)`),
    // One open problem per order at a time.
    uniqueIndex('order_problems_one_open_key').on(t.orderId).where(sql`${t.resolvedAt} is null`),
    // /admin/problems: the open ones, oldest first.
    index('order_problems_open_idx').on(t.openedAt, t.id).where(sql`${t.resolvedAt} is null`),
  ],
);

/**
 * The order's timeline, one row per thing that happened: paid, shipped, received (by the buyer or by the 14-day
 * rule), problem_reported, problem_resolved, problem_closed, refunded, dispute_opened, tracking_refused...
 * `data` holds what the page shows with it (tracking, the problem's reason).
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    kind: text('kind').notNull(),
    actorId: uuid('actor_id').references(() => users.id),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.at, t.id)],
);

/**
 * Timestamp codes issued to sellers for the timestamp photo (username, date, a short random token): a listing may
 * carry only a code issued to its own seller.
 */
export const timestampCodes = pgTable(
  'timestamp_codes',
  {
    code: text('code').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    issuedAt: timestamp('issued_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('timestamp_codes_user_idx').on(t.userId, t.issuedAt.desc())],
);
