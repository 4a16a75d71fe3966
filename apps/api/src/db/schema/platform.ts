import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ShippingAddress } from '../../adapters/payment/provider';

/** Counters of rate-limiter-flexible's Drizzle store (used when REDIS_URL is not set). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull().default(0),
  expire: timestamp('expire', { withTimezone: true }),
});

/**
 * Orders of the local payment stand-in (adapters/payment/local.ts), used when PayPal is not configured. Kept in
 * the database, not in memory, so an order made by one API process can be approved and captured through another
 * and survives a restart, as a PayPal order would. Columns mirror the Orders v2 fields the stand-in answers.
 */
export const localPaymentOrders = pgTable(
  'local_payment_orders',
  {
    id: text('id').primaryKey(),
    /** PayPal-Request-Id of the create call: a repeat answers the same order. */
    createRequestId: text('create_request_id').notNull().unique(),
    /** Our purchase's id (Orders v2 custom_id). */
    purchaseId: text('purchase_id').notNull(),
    payeeEmail: text('payee_email').notNull(),
    itemId: text('item_id').notNull(),
    itemName: text('item_name').notNull(),
    currency: text('currency').notNull(),
    itemTotalCents: integer('item_total_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    returnUrl: text('return_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    /** PAYER_ACTION_REQUIRED until the buyer presses Pay Now, then APPROVED, then COMPLETED once captured. */
    status: text('status').notNull().default('PAYER_ACTION_REQUIRED'),
    payerId: text('payer_id'),
    captureId: text('capture_id'),
    /** PayPal-Request-Id of the capture that completed the order: a repeat answers that capture again. */
    captureRequestId: text('capture_request_id'),
    /** Where to ship, as the buyer gave it on the approval page (PayPal's purchase_units[0].shipping). */
    shipping: jsonb('shipping').$type<ShippingAddress>(),
    /** Tracking added to the order (PayPal's /track), newest last, for the stand-in's own record. */
    trackers: jsonb('trackers').$type<Array<{ trackingNumber: string; carrier: string }>>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    capturedAt: timestamp('captured_at', { withTimezone: true }),
  },
  (t) => [
    check('local_payment_orders_status', sql`${t.status} in ('PAYER_ACTION_REQUIRED', 'APPROVED', 'COMPLETED')`),
    check('local_payment_orders_amounts', sql`${t.itemTotalCents} >= 0 and ${t.shippingCents} >= 0 and ${t.itemTotalCents} + ${t.shippingCents} > 0`),
  ],
);
