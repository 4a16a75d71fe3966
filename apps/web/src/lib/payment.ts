import { formatPrice, MAX_UNPAID_CHECKOUTS, PAYMENT_ERRORS, priceWithShipping, type PaymentRedirect, type PaymentResult } from '@keeb/shared';
import { api } from './api';
import { isApiError } from './api-error';
import { sellerAwayText } from './seller-away';

/**
 * The payment calls (spec part 2, sections 4 "Payment", 7 and 8). Two features start a payment (the item page's
 * Purchase and the Offers screen's Pay Now), so the call and its texts live here rather than in either.
 */

/** What the spec's client sends; the server reads only `_id` and computes the amount itself. */
export interface PaymentItem {
  _id: string;
  name: string;
  description: string;
  /** The counter price if there is one, else the offer's or the listing's price. */
  price: number;
  shippingPrice: number;
}

/** POST /payment/item/create: answers the provider's approval page, where the browser goes next. */
export async function createPayment(item: PaymentItem): Promise<string> {
  const { data } = await api.post<PaymentRedirect>('/payment/item/create', item);
  return data.redirectUrl;
}

/** POST /payment/item/cancel (ours): the buyer gives up their own checkout; the item is on sale again at once. */
export async function cancelPayment(itemId: string): Promise<void> {
  await api.post('/payment/item/cancel', { _id: itemId });
}

/** What Purchase and Pay Now ask before the provider: the total, shipping included (issue 25). */
export function paymentConfirmText(name: string, price: number, shippingPrice: number): string {
  return `Pay ${paymentTotal(price, shippingPrice)} for ${name} through PayPal?`;
}

/** '$165 plus $10 shipping ($175 in total)', or '$165 with free shipping': every screen that asks for a payment. */
export function paymentTotal(price: number, shippingPrice: number): string {
  if (shippingPrice === 0) return priceWithShipping(price, 0);
  return `${priceWithShipping(price, shippingPrice)} (${formatPrice(price + shippingPrice)} in total)`;
}

/** POST /payment/item/process: captures the order the provider sent the buyer back with. */
export async function processPayment(orderId: string): Promise<PaymentResult> {
  const { data } = await api.post<PaymentResult>('/payment/item/process', { orderId });
  return data;
}

export interface PaymentAlert {
  title: string;
  message: string;
}

export const GENERIC_PAYMENT_ALERT: PaymentAlert = {
  title: 'Something Went Wrong',
  message: 'We are looking into this problem.  Thank you for your patience.',
};

/**
 * Spec part 2, section 8, "Payment creation": the alert modal's title and text for a failed create.
 * `confirm_email` is not here: it opens the Confirm Your Email modal instead.
 */
export function paymentCreateAlert(error: unknown): PaymentAlert {
  const away = sellerAwayText(error);
  if (away) return { title: 'Seller Away', message: away };
  const code = isApiError(error) ? error.code : '';
  switch (code) {
    case PAYMENT_ERRORS.paymentPending:
      return {
        title: 'Currently Unavailable',
        message: 'This item is being purchased by another user. Please try again later.',
      };
    case PAYMENT_ERRORS.paymentError:
      return {
        title: 'Problem With Payment',
        message: 'The seller may not have verified their payment account yet. Please try again later.',
      };
    case PAYMENT_ERRORS.notFound:
    case PAYMENT_ERRORS.notForSale:
      return { title: 'Item Not Available', message: 'This item is no longer available.' };
    // Issue 36: the hold limits (a checkout holds its item for others, so one buyer may hold only so many).
    case PAYMENT_ERRORS.tooManyCheckouts: {
      const limit = isApiError(error) && typeof error.details.limit === 'number' ? error.details.limit : MAX_UNPAID_CHECKOUTS;
      return {
        title: 'Two Checkouts Open',
        message: `You are already checking out ${limit} items. Pay for one of them or cancel it on its page, then try again.`,
      };
    }
    case PAYMENT_ERRORS.checkoutCooldown: {
      const seconds = isApiError(error) && typeof error.details.timeLeft === 'number' ? error.details.timeLeft : 0;
      const minutes = Math.max(1, Math.ceil(seconds / 60));
      return {
        title: 'Please Wait',
        message: `You started and left the checkout of this item several times. You can buy it again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      };
    }
    default:
      return GENERIC_PAYMENT_ALERT;
  }
}

export const isConfirmEmailError = (error: unknown) => isApiError(error) && error.code === PAYMENT_ERRORS.confirmEmail;

/** A failed process call: the buyer goes back to the provider (`redirect`), or reads why on 'Error With Payment'. */
export type ProcessFailure = { kind: 'redirect'; url: string } | { kind: 'error'; message: string };

export function processFailure(error: unknown): ProcessFailure {
  const code = isApiError(error) ? error.code : '';
  const redirectUrl = isApiError(error) ? error.details.redirectUrl : undefined;
  if (code === PAYMENT_ERRORS.paymentRetry && typeof redirectUrl === 'string') return { kind: 'redirect', url: redirectUrl };
  switch (code) {
    case PAYMENT_ERRORS.paymentProcessing:
      return {
        kind: 'error',
        message: 'PayPal has not confirmed your payment yet. We will email you once it completes; please do not pay again.',
      };
    case PAYMENT_ERRORS.notApproved:
      return { kind: 'error', message: 'The payment was not approved on PayPal, so nothing was charged.' };
    case PAYMENT_ERRORS.paymentError:
      return { kind: 'error', message: "The seller's payment account could not take this payment, so nothing was charged." };
    case PAYMENT_ERRORS.notFound:
      return { kind: 'error', message: 'This item is no longer available.' };
    case PAYMENT_ERRORS.failed:
      return { kind: 'error', message: 'The payment could not be completed.' };
    default:
      return { kind: 'error', message: GENERIC_PAYMENT_ALERT.message };
  }
}
