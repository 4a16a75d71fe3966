/**
 * The payment provider as the rest of the API sees it: PayPal Orders v2 reduced to the four calls a purchase needs,
 * with statuses and errors normalised. Two implementations: paypal.ts (the real one, on PayPal's server SDK) and
 * local.ts (the stand-in used when PayPal is not configured). Nothing outside this folder imports either directly;
 * the app builds one with paymentProviderFromConfig (factory.ts).
 */

/** Orders v2 order statuses. A buyer's approval moves PAYER_ACTION_REQUIRED (or CREATED) to APPROVED. */
export type OrderStatus = 'CREATED' | 'SAVED' | 'APPROVED' | 'VOIDED' | 'COMPLETED' | 'PAYER_ACTION_REQUIRED';

/**
 * Orders v2 capture statuses. Only COMPLETED is money received: an order can be COMPLETED while its capture is
 * PENDING (held for review, may still fail) or DECLINED.
 */
export type CaptureStatus = 'COMPLETED' | 'PENDING' | 'DECLINED' | 'PARTIALLY_REFUNDED' | 'REFUNDED' | 'FAILED';

export interface CreateOrderInput {
  /** Our purchase's id: sent as custom_id, answered back on captures, orders and webhook events. */
  purchaseId: string;
  /** The seller's payment email: PayPal pays this account (purchase_units[0].payee.email_address). */
  payeeEmail: string;
  itemName: string;
  itemId: string;
  currency: 'USD';
  /** Decimal strings as PayPal takes them, e.g. "12.00" (centsToAmount). The total sent is their sum. */
  itemTotal: string;
  shipping: string;
  /** Where the buyer's browser comes back: `returnUrl?token=<orderId>&PayerID=<id>` after approval, `cancelUrl` as is. */
  returnUrl: string;
  cancelUrl: string;
  /** PayPal-Request-Id (1-108 characters): a retry with the same id answers the same order instead of a second one. */
  requestId: string;
}

export interface CreatedOrder {
  orderId: string;
  /** Where to send the buyer to approve the payment (PayPal's payer-action link, or the local approval page). */
  approveUrl: string;
}

export interface CaptureInput {
  orderId: string;
  /** PayPal-Request-Id: a retry with the same id answers the first capture's result and never captures twice. */
  requestId: string;
}

export interface CaptureResult {
  /** The capture's status; only COMPLETED for the expected amount and currency marks a sale. */
  status: CaptureStatus;
  orderStatus: OrderStatus;
  captureId?: string;
  /** Decimal string as PayPal answers it, e.g. "14.50" (amountToCents). */
  amount?: string;
  currency?: string;
  /** The purchaseId given to createOrder. */
  customId?: string;
  /** Where to ship, as the buyer chose it at the provider (Orders v2 purchase_units[0].shipping), when given. */
  shipping?: ShippingAddress;
}

/**
 * An address as the provider returns it, mapped to our MailingAddress's fields (Orders v2: shipping.name.full_name,
 * address.address_line_1/2, admin_area_2 (city), admin_area_1 (region), postal_code, country_code).
 */
export interface ShippingAddress {
  name: string;
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
}

/** Orders v2 POST /v2/checkout/orders/{id}/track: the shipment's tracking for an order's capture. */
export interface TrackingInput {
  orderId: string;
  captureId: string;
  trackingNumber: string;
  /** PayPal's carrier enum (USPS, UPS, FEDEX, DHL...), or OTHER with carrierNameOther. */
  carrier: string;
  carrierNameOther?: string;
  notifyPayer: boolean;
  /** PayPal-Request-Id, so a retried job adds the tracking once. */
  requestId: string;
}

export interface OrderCapture {
  status: CaptureStatus;
  id: string;
  amount: string;
  currency: string;
}

export interface OrderInfo {
  status: OrderStatus;
  /** The order's capture, once there is one. */
  capture?: OrderCapture;
  customId?: string;
  shipping?: ShippingAddress;
}

/** A PayPal webhook event, as PayPal posts it (only the fields we read are typed). */
export interface WebhookEvent {
  id: string;
  event_type: string;
  resource: Record<string, unknown>;
}

export interface WebhookInput {
  /** The request's headers as Node gives them (lower-case names): PAYPAL-TRANSMISSION-ID, -TIME, -SIG, -CERT-URL, PAYPAL-AUTH-ALGO. */
  headers: Record<string, string | string[] | undefined>;
  /** The body exactly as received: PayPal's signature covers these bytes, so it is not re-serialised. */
  rawBody: string | Buffer;
}

export type WebhookVerification = { verified: true; event: WebhookEvent } | { verified: false };

export interface PaymentProvider {
  readonly name: 'paypal' | 'local';
  createOrder(input: CreateOrderInput): Promise<CreatedOrder>;
  captureOrder(input: CaptureInput): Promise<CaptureResult>;
  getOrder(orderId: string): Promise<OrderInfo>;
  /** Adds a shipment's tracking to a captured order; a refusal throws PaymentProviderError (kind 'other' for a refused number). */
  addTracking(input: TrackingInput): Promise<void>;
  /** Unverifiable events (bad signature, missing headers, no webhook id configured, not JSON) answer `{ verified: false }`. */
  verifyWebhook(input: WebhookInput): Promise<WebhookVerification>;
}

/**
 * What went wrong, in the terms a caller acts on:
 * - payee: the seller's account cannot receive money (PAYEE_ACCOUNT_*): `payment_error`, 'Problem With Payment';
 * - payer: the buyer's side (INSTRUMENT_DECLINED, PAYER_ACTION_REQUIRED, PAYER_*...): send the buyer back to PayPal;
 * - already_captured: ORDER_ALREADY_CAPTURED (someone captured it before: read it with getOrder);
 * - not_approved: ORDER_NOT_APPROVED (the buyer has not approved it yet);
 * - unavailable: network error, timeout, 5xx, 429 or an unreadable answer. The outcome is unknown: the call may
 *   have happened. Callers ask getOrder before giving anything up, and retry a capture with the same requestId;
 * - other: anything else (our request refused, bad credentials, unknown order): the generic error, logged.
 */
export type PaymentErrorKind = 'payee' | 'payer' | 'already_captured' | 'not_approved' | 'unavailable' | 'other';

export class PaymentProviderError extends Error {
  constructor(
    readonly kind: PaymentErrorKind,
    /** PayPal's issue (details[0].issue, or the error name), or what failed locally (TIMEOUT, NETWORK...). */
    readonly issue: string,
    /** PayPal's debug_id, for the log and for PayPal support. */
    readonly debugId?: string,
    /** The HTTP status PayPal answered, when it answered. */
    readonly status?: number,
  ) {
    super(`payment provider: ${kind} (${issue}${debugId ? `, debug_id ${debugId}` : ''})`);
    this.name = 'PaymentProviderError';
  }
}

/** The kind of a PayPal issue code (details[0].issue), for the errors PayPal answered. */
export function kindOfIssue(issue: string, status: number): PaymentErrorKind {
  if (issue.startsWith('PAYEE_')) return 'payee';
  if (issue === 'ORDER_ALREADY_CAPTURED') return 'already_captured';
  if (issue === 'ORDER_NOT_APPROVED') return 'not_approved';
  if (PAYER_ISSUES.has(issue) || issue.startsWith('PAYER_')) return 'payer';
  if (status >= 500 || status === 429 || status === 408) return 'unavailable';
  return 'other';
}

/** Issues the buyer can fix on PayPal (another card or funding source, a step they skipped). */
const PAYER_ISSUES = new Set([
  'INSTRUMENT_DECLINED',
  'PAYER_ACTION_REQUIRED',
  'TRANSACTION_REFUSED',
  'REDIRECT_PAYER_FOR_ALTERNATE_FUNDING',
  'MAX_NUMBER_OF_PAYMENT_ATTEMPTS_EXCEEDED',
  'CARD_EXPIRED',
  'CARD_CLOSED',
]);

/** 1250 -> "12.50": the form PayPal takes amounts in. */
export function centsToAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`not an amount in cents: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** "12.50" (or "12.5", "12") -> 1250; undefined for anything that is not a non-negative amount with at most 2 decimals. */
export function amountToCents(amount: string): number | undefined {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(amount);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
