import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import { z } from 'zod';
import type { TradeStatus } from '../trades/codes';
import type { TradeItem } from '../trades/schemas';
import { ORDER_ERRORS } from './codes';
import { isCountryCode } from './countries';

const line = (max: number) => z.string({ error: ORDER_ERRORS.address }).trim().max(max, { error: ORDER_ERRORS.address });

/**
 * A mailing address (GET/PUT /api/me/address, an order's shipTo): the country as an assigned ISO 3166-1 alpha-2
 * code (COUNTRY_CODES, any case), the postal code checked against that country's format (postcode-validator)
 * where the country has one, every field trimmed.
 */
export const MailingAddressSchema = z
  .object({
    name: line(100).min(1, { error: ORDER_ERRORS.address }),
    line1: line(200).min(1, { error: ORDER_ERRORS.address }),
    line2: line(200).default(''),
    city: line(100).min(1, { error: ORDER_ERRORS.address }),
    region: line(100).default(''),
    postalCode: line(20).default(''),
    country: z
      .string({ error: ORDER_ERRORS.address })
      .trim()
      .transform((c) => c.toUpperCase())
      .refine((code): boolean => isCountryCode(code), { error: ORDER_ERRORS.address }),
  })
  .superRefine((a, ctx) => {
    if (!postcodeValidatorExistsForCountry(a.country)) return;
    if (!a.postalCode || !postcodeValidator(a.postalCode, a.country)) ctx.addIssue({ code: 'custom', path: ['postalCode'], message: ORDER_ERRORS.postalCode });
  });
export type MailingAddress = z.output<typeof MailingAddressSchema>;

export const ORDER_STATUSES = ['paid', 'shipped', 'received', 'problem', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PROBLEM_REASONS = ['not_received', 'not_as_described', 'damaged', 'other'] as const;
export type ProblemReason = (typeof PROBLEM_REASONS)[number];

/** GET /api/me/orders?role=bought|sold&cursor=...: newest first, keyset pages. */
export const OrdersQuerySchema = z.object({
  role: z.enum(['bought', 'sold'], { error: 'invalid_role' }),
  /** The last order's paidAt and _id on the previous page, as `${paidAt}_${_id}`. */
  cursor: z.string().max(80).optional(),
});

/** POST /api/order/{id}/ship: the carrier may be left out (recognised from the number) and so may the number. */
export const ShipInputSchema = z.object({
  trackingNumber: z.string({ error: ORDER_ERRORS.trackingNumber }).trim().max(64, { error: ORDER_ERRORS.trackingNumber }).optional(),
  carrier: z.string({ error: ORDER_ERRORS.trackingNumber }).trim().max(40, { error: ORDER_ERRORS.trackingNumber }).optional(),
});

/** POST /api/order/{id}/problem. */
export const ProblemInputSchema = z.object({
  reason: z.enum(PROBLEM_REASONS, { error: ORDER_ERRORS.problemReason }),
  details: z.string({ error: ORDER_ERRORS.problemDetails }).trim().max(2000, { error: ORDER_ERRORS.problemDetails }).default(''),
});

export interface OrderTracking {
  number: string | null;
  /** A carrier code, or null when unknown. */
  carrier: string | null;
  /** The carrier's tracking page, when the carrier and number are known. */
  url: string | null;
}

export interface OrderEvent {
  kind: string;
  at: string;
  data: Record<string, unknown>;
}

export interface OrderProblem {
  _id: string;
  reason: ProblemReason;
  details: string;
  openedAt: string;
  resolvedAt: string | null;
  resolution: 'resolved' | 'closed' | null;
}

/** One row of GET /api/me/orders. */
export interface OrderSummary {
  _id: string;
  item: { _id: string; name: string; thumbnail: string };
  status: OrderStatus;
  /** Unshipped past the 72 hours. */
  late: boolean;
  price: number;
  shippingPrice: number;
  paidAt: string;
  /** The other party. */
  otherUser: { _id: string; username: string; avatar: string | null };
  /** Issue 28: the trade this order is one side of (its price and shipping are then 0), else null. */
  trade: { _id: string } | null;
}

/**
 * GET /api/order/{id} of a trade's order (issue 28): the trade, what this order's parcel carries, and the other
 * parcel (the other side's order, which the other party ships), so one page shows both.
 */
export interface OrderTrade {
  /** The trade's id. */
  _id: string;
  status: TradeStatus;
  cashToSeller: number;
  cashToBuyer: number;
  /**
   * Which of the trade's two orders this is (Trade.orders): `toSeller` carries the proposer's items to the seller,
   * `toProposer` the seller's item to the proposer; the page says from that who pays the cash to whom. The API
   * always answers it (settlement's orders); optional for the page's wording without it.
   */
  side?: 'toSeller' | 'toProposer';
  /** The listings this order's parcel carries (one side may give up to four). */
  items: TradeItem[];
  otherOrder: {
    _id: string;
    status: OrderStatus;
    late: boolean;
    shippedAt: string | null;
    receivedAt: string | null;
    tracking?: OrderTracking;
    items: TradeItem[];
  };
}

/** GET /api/order/{id}: the summary plus what each side sees and may do now. */
export interface OrderDetail extends OrderSummary {
  role: 'buyer' | 'seller' | 'admin';
  buyer: { _id: string; username: string; avatar: string | null };
  seller: { _id: string; username: string; avatar: string | null };
  shipBy: string;
  shippedAt: string | null;
  receivedAt: string | null;
  /**
   * The seller's and admins', and (issue 36) the buyer's own; nobody's 90 days after the order closed. null: the
   * payment brought no address (see awaitingAddress).
   */
  shipTo?: MailingAddress | null;
  /**
   * Issue 36: unshipped, open, and without an address to ship to: both sides are told, and the buyer is asked
   * for one (the 'address' action, PUT /api/order/{id}/ship-to).
   */
  awaitingAddress: boolean;
  tracking?: OrderTracking;
  problem: OrderProblem | null;
  timeline: OrderEvent[];
  /** Issue 28: on a trade's order, the trade and the other parcel; absent on a sale's order. */
  tradeSide?: OrderTrade;
  /** The calls the asking user may make now. */
  actions: Array<'ship' | 'received' | 'problem' | 'resolve' | 'close' | 'rate' | 'address'>;
}

/** GET /api/admin/problems?cursor=...: the open problems, oldest first (cursor: the last one's `${openedAt}_${_id}`). */
export const AdminProblemsQuerySchema = z.object({
  cursor: z.string().max(80).optional(),
});

/** One row of GET /api/admin/problems. */
export interface AdminProblem {
  /** The problem's id (POST /api/admin/problems/{id}/close). */
  _id: string;
  reason: ProblemReason;
  details: string;
  openedAt: string;
  order: Omit<OrderSummary, 'otherUser'>;
  buyer: { _id: string; username: string; avatar: string | null };
  seller: { _id: string; username: string; avatar: string | null };
}
