import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { items } from './items';
import { offers } from './offers';
import { regions } from './reference';
import { trades } from './items';

/**
 * A purchase attempt: open (the buyer holds the item's payment lock and is at the provider), capturing (one
 * request is capturing it), capture_pending (the provider took the money but has not completed it), captured
 * (sold), failed / abandoned (the lock was released), refunded (after a sale, reported by the provider).
 */
export const purchaseStatus = pgEnum('purchase_status', ['open', 'capturing', 'capture_pending', 'captured', 'failed', 'abandoned', 'refunded']);

export const purchases = pgTable(
  'purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    /**
     * Issue 28: the cash part of this accepted trade, when it pays one (then item_id is the listing the payer gets,
     * buyer_id the payer, seller_id the payee; its capture settles the trade instead of selling the item).
     */
    tradeId: uuid('trade_id').references(() => trades.id),
    /** The accepted or countered offer it pays, when it is not a Buy It Now at the listing price. */
    offerId: uuid('offer_id').references(() => offers.id),
    itemCents: integer('item_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    regionCode: text('region_code')
      .notNull()
      .references(() => regions.code),
    payeeEmail: text('payee_email').notNull(),
    /** 'paypal' or 'local' (the stand-in): which provider holds the order. */
    provider: text('provider').notNull(),
    /** The provider's order id, once created. */
    orderId: text('order_id'),
    approveUrl: text('approve_url'),
    status: purchaseStatus('status').notNull().default('open'),
    /** The item's payment lock holds until then; past it, the provider is asked before it is released. */
    lockedUntil: timestamp('locked_until', { withTimezone: true, precision: 3 }).notNull(),
    captureId: text('capture_id'),
    /** Why it failed or was abandoned, for support (never shown as is). */
    failure: text('failure'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    capturedAt: timestamp('captured_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    check('purchases_amounts', sql`${t.itemCents} > 0 and ${t.shippingCents} >= 0`),
    // The payment lock: one purchase in progress per item.
    uniqueIndex('purchases_one_open_per_item').on(t.itemId).where(sql`${t.status} in ('open', 'capturing', 'capture_pending')`),
    // One sale per item, whatever happens after.
    uniqueIndex('purchases_one_sale_per_item').on(t.itemId).where(sql`${t.status} in ('captured', 'refunded')`),
    uniqueIndex('purchases_order_key').on(t.provider, t.orderId),
    // One cash payment in progress or made per trade.
    uniqueIndex('purchases_one_per_trade').on(t.tradeId).where(sql`${t.tradeId} is not null and ${t.status} in ('open', 'capturing', 'capture_pending', 'captured', 'refunded')`),
    index('purchases_buyer_idx').on(t.buyerId, t.createdAt.desc()),
  ],
);

/** Provider webhook events, once each (the provider retries deliveries): verified, stored, then reconciled by a job. */
export const paymentEvents = pgTable('payment_events', {
  /** The provider's event id. */
  id: text('id').primaryKey(),
  eventType: text('event_type').notNull(),
  resource: text('resource').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  processedAt: timestamp('processed_at', { withTimezone: true }),
});
