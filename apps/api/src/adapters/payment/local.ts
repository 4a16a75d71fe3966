import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { localPaymentOrders } from '../../db/schema/index';
import {
  amountToCents,
  centsToAmount,
  PaymentProviderError,
  type CaptureInput,
  type CaptureResult,
  type CreatedOrder,
  type CreateOrderInput,
  type OrderInfo,
  type OrderStatus,
  type PaymentProvider,
  type ShippingAddress,
  type TrackingInput,
  type WebhookVerification,
} from './provider';

/** Where the stand-in's approval page lives under /api; relative, so it opens on whatever host the buyer uses. */
export const LOCAL_APPROVAL_PATH = '/payment/local/approve';
/** Order ids look like PayPal's: 17 characters, upper-case letters and digits. */
export const LOCAL_ORDER_ID = /^[A-Z0-9]{17}$/;

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
const randomId = (length: number) => Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
/** Plausible enough for a stand-in: PayPal itself refuses a payee it has no account for (PAYEE_ACCOUNT_INVALID). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const columns = {
  id: localPaymentOrders.id,
  status: localPaymentOrders.status,
  purchaseId: localPaymentOrders.purchaseId,
  payeeEmail: localPaymentOrders.payeeEmail,
  itemName: localPaymentOrders.itemName,
  currency: localPaymentOrders.currency,
  itemTotalCents: localPaymentOrders.itemTotalCents,
  shippingCents: localPaymentOrders.shippingCents,
  returnUrl: localPaymentOrders.returnUrl,
  cancelUrl: localPaymentOrders.cancelUrl,
  payerId: localPaymentOrders.payerId,
  captureId: localPaymentOrders.captureId,
  captureRequestId: localPaymentOrders.captureRequestId,
  shipping: localPaymentOrders.shipping,
  trackers: localPaymentOrders.trackers,
};
export type LocalOrder = NonNullable<Awaited<ReturnType<LocalPaymentProvider['find']>>>;

const notFound = () => new PaymentProviderError('other', 'INVALID_RESOURCE_ID', undefined, 404);

/**
 * The stand-in used when PayPal is not configured: it behaves like Orders v2 (an order waits for the buyer's
 * approval on a page of ours, a capture needs that approval, a capture repeated with its request id answers the
 * same capture, another is ORDER_ALREADY_CAPTURED) but no money moves. Its orders live in the database, so any API
 * process serves them and they survive restarts.
 */
export class LocalPaymentProvider implements PaymentProvider {
  readonly name = 'local';

  constructor(private readonly db: Database) {}

  async createOrder(input: CreateOrderInput): Promise<CreatedOrder> {
    const itemTotalCents = amountToCents(input.itemTotal);
    const shippingCents = amountToCents(input.shipping);
    if (itemTotalCents === undefined || shippingCents === undefined || itemTotalCents + shippingCents === 0) throw new PaymentProviderError('other', 'INVALID_AMOUNT', undefined, 400);
    if (!EMAIL.test(input.payeeEmail)) throw new PaymentProviderError('payee', 'PAYEE_ACCOUNT_INVALID', undefined, 422);
    const [inserted] = await this.db
      .insert(localPaymentOrders)
      .values({
        id: randomId(17),
        createRequestId: input.requestId,
        purchaseId: input.purchaseId,
        payeeEmail: input.payeeEmail,
        itemId: input.itemId,
        itemName: input.itemName,
        currency: input.currency,
        itemTotalCents,
        shippingCents,
        returnUrl: input.returnUrl,
        cancelUrl: input.cancelUrl,
      })
      // A retry with the same request id answers the order the first call made, as PayPal-Request-Id does.
      .onConflictDoNothing({ target: localPaymentOrders.createRequestId })
      .returning({ id: localPaymentOrders.id });
    const orderId =
      inserted?.id ??
      (await this.db.select({ id: localPaymentOrders.id }).from(localPaymentOrders).where(eq(localPaymentOrders.createRequestId, input.requestId)))[0]?.id;
    if (!orderId) throw new PaymentProviderError('unavailable', 'NOT_STORED');
    return { orderId, approveUrl: `/api${LOCAL_APPROVAL_PATH}/${orderId}` };
  }

  async captureOrder(input: CaptureInput): Promise<CaptureResult> {
    // One conditional update: of any number of concurrent captures, one moves APPROVED to COMPLETED.
    const [captured] = await this.db
      .update(localPaymentOrders)
      .set({ status: 'COMPLETED', captureId: randomId(17), captureRequestId: input.requestId, capturedAt: new Date() })
      .where(and(eq(localPaymentOrders.id, input.orderId), eq(localPaymentOrders.status, 'APPROVED')))
      .returning(columns);
    if (captured) return captureResult(captured);
    const order = await this.find(input.orderId);
    if (!order) throw notFound();
    if (order.status === 'COMPLETED') {
      if (order.captureRequestId === input.requestId) return captureResult(order);
      throw new PaymentProviderError('already_captured', 'ORDER_ALREADY_CAPTURED', undefined, 422);
    }
    throw new PaymentProviderError('not_approved', 'ORDER_NOT_APPROVED', undefined, 422);
  }

  async getOrder(orderId: string): Promise<OrderInfo> {
    const order = await this.find(orderId);
    if (!order) throw notFound();
    const amount = centsToAmount(order.itemTotalCents + order.shippingCents);
    return {
      status: order.status as OrderStatus,
      ...(order.captureId ? { capture: { status: 'COMPLETED' as const, id: order.captureId, amount, currency: order.currency } } : {}),
      customId: order.purchaseId,
      ...(order.shipping ? { shipping: order.shipping } : {}),
    };
  }

  /**
   * Like Orders v2's /track: only a captured order's own capture takes tracking, and a number is needed. The
   * same number added again (a retried job) is recorded once, so the stand-in needs no request-id memory for it.
   */
  async addTracking(input: TrackingInput): Promise<void> {
    const trackingNumber = input.trackingNumber.trim();
    if (!trackingNumber) throw new PaymentProviderError('other', 'INVALID_TRACKING_NUMBER', undefined, 422);
    const carrier = input.carrier === 'OTHER' && input.carrierNameOther ? input.carrierNameOther : input.carrier;
    const tracker = JSON.stringify([{ trackingNumber, carrier }]);
    // One conditional update: appended once however many calls race, and only to a completed order's capture.
    const [updated] = await this.db
      .update(localPaymentOrders)
      .set({ trackers: sql`case when ${localPaymentOrders.trackers} @> ${tracker}::jsonb then ${localPaymentOrders.trackers} else ${localPaymentOrders.trackers} || ${tracker}::jsonb end` })
      .where(and(eq(localPaymentOrders.id, input.orderId), eq(localPaymentOrders.status, 'COMPLETED'), eq(localPaymentOrders.captureId, input.captureId)))
      .returning({ id: localPaymentOrders.id });
    if (updated) return;
    if (!(await this.find(input.orderId))) throw notFound();
    throw new PaymentProviderError('other', 'CAPTURE_ID_NOT_FOUND', undefined, 422);
  }

  /** No one sends the stand-in's events: nothing verifies. */
  async verifyWebhook(): Promise<WebhookVerification> {
    return { verified: false };
  }

  /** An order as the approval page shows it, undefined when there is none. */
  async find(orderId: string) {
    if (!LOCAL_ORDER_ID.test(orderId)) return undefined;
    const [order] = await this.db.select(columns).from(localPaymentOrders).where(eq(localPaymentOrders.id, orderId));
    return order;
  }

  /**
   * The buyer pressed Pay Now: the order is approved with where to ship (once; later presses change nothing) and
   * the answer is the URL PayPal would send the browser to, `returnUrl` with `token` (the order id) and `PayerID`
   * appended.
   */
  async approve(orderId: string, shipping?: ShippingAddress): Promise<string | undefined> {
    await this.db
      .update(localPaymentOrders)
      .set({ status: 'APPROVED', payerId: randomId(13), approvedAt: new Date(), shipping: shipping ?? null })
      .where(and(eq(localPaymentOrders.id, orderId), eq(localPaymentOrders.status, 'PAYER_ACTION_REQUIRED')));
    const order = await this.find(orderId);
    if (!order?.payerId) return undefined;
    return withQuery(order.returnUrl, { token: order.id, PayerID: order.payerId });
  }
}

function captureResult(order: LocalOrder): CaptureResult {
  return {
    status: 'COMPLETED',
    orderStatus: 'COMPLETED',
    captureId: order.captureId ?? '',
    amount: centsToAmount(order.itemTotalCents + order.shippingCents),
    currency: order.currency,
    customId: order.purchaseId,
    ...(order.shipping ? { shipping: order.shipping } : {}),
  };
}

/** `url` with `params` added to its query, keeping what it has; relative URLs stay relative. */
function withQuery(url: string, params: Record<string, string>): string {
  const hash = url.indexOf('#');
  const base = hash < 0 ? url : url.slice(0, hash);
  const fragment = hash < 0 ? '' : url.slice(hash);
  const query = new URLSearchParams(params).toString();
  return `${base}${base.includes('?') ? '&' : '?'}${query}${fragment}`;
}
