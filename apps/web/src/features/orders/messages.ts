import { ORDER_ERRORS, type ProblemReason } from '@keeb/shared';
import { isApiError, NETWORK_ERROR } from '../../lib/api-error';

/**
 * The order screens' texts (issue 26; ours, docs/decisions/0297-where-the-status-words-live.md to
 * 0307-list-answers.md).
 */
export const TEXTS = {
  orderTitle: 'Order',
  myOrders: 'My Orders',
  noOrders: 'No Orders',
  loadFailed: "We couldn't load your orders.",
  loadOrderFailed: "We couldn't load this order.",
  loadMore: 'Load more',
  loadMoreFailed: 'More could not be loaded. Please try again.',
  notFoundTitle: 'Order not found',
  notFound: 'This order does not exist, or it is not yours to see.',
  markShipped: 'Mark as shipped',
  trackingNumber: 'Tracking number',
  carrier: 'Carrier',
  carrierAuto: 'Recognised from the number',
  noTracking: 'No tracking',
  shipHint: 'Optional, but a tracking number protects you if the buyer opens a dispute at PayPal.',
  confirmReceived: 'Confirm received',
  confirmReceivedQuestion: 'Has the item arrived as described? Confirming closes the order and counts as a confirmed trade for you both.',
  confirmReceivedUntrackedQuestion:
    'Has the item arrived as described? Confirming closes the order. Shipped without tracking, it counts as a confirmed trade for you both 14 days after it was shipped.',
  receivedThanks: 'Thanks for confirming! How did the seller do?',
  rateSeller: 'Rate the seller',
  reportProblem: 'Report a problem',
  reason: 'Reason',
  details: 'Details',
  detailsHint: 'What happened, and what you and the seller have tried.',
  submitProblem: 'Report problem',
  markResolved: 'Mark resolved',
  markResolvedQuestion: 'Has the problem been sorted out with the seller? The order then carries on where it was: confirm received once the item is with you.',
  problemReported: 'Problem reported',
  paypalCase:
    'If you cannot sort it out with the seller, open a case at PayPal’s Resolution Center within 180 days of payment.',
  paypalCaseLink: 'Open PayPal’s Resolution Center',
  noMoney: 'This marketplace never holds your money: refunds and disputes go through PayPal.',
  shipTo: 'Ship to',
  shipBy: 'Ship by',
  message: 'Message',
  somethingWentWrong: 'Something went wrong. Please try again.',
  problems: 'Open Problems',
  noProblems: 'No open problems',
  loadProblemsFailed: "We couldn't load the open problems.",
  closeProblem: 'Close',
  closeProblemQuestion: 'Close this problem? Both parties are told by mail and see it as closed by an admin.',
  // Issue 36: an order paid without an address to ship to.
  shipToRequestTitle: 'Where should it be shipped?',
  shipToRequestBuyer: 'Your payment came without an address to ship to, so the seller cannot send this yet. Add one and the seller is told at once.',
  shipHere: 'Ship it here',
  useAnotherAddress: 'Use another address',
  sendAddress: 'Send address to the seller',
  shipToOrderOnly: 'This address is kept on this order only; the one in your Settings is not changed.',
  shipToMissingSeller:
    'No address to ship to yet: the payment came without one. We have asked the buyer for it and will mail you when it is here; your 72 hours to ship start then, and the order can be marked shipped.',
  shipToMissingAdmin: 'No address to ship to yet: the payment came without one, and the buyer has been asked for it.',
  // Issue 36: receipt before shipping.
  receivedAfterShipping: 'You can confirm receipt once the seller marks it shipped.',
  problemFrom: 'If it has not shipped by then, you can report a problem from',
  // Issue 36: a problem, in each side's words.
  sellerProblemNote:
    'Message the buyer to sort it out, and keep your tracking and messages: they are your evidence if the buyer opens a case at PayPal. Refunds go through PayPal; this marketplace never holds the money.',
  adminProblemNote: 'Both parties see this problem. Closing it mails both of them and puts the order back where it was.',
  closedForBuyerShipped: 'The order is back to Shipped: confirm it once the item is with you, or report a problem again.',
  closedForBuyerUnshipped: 'The order is back to awaiting shipment.',
  closedForSellerShipped: 'The order is back to Shipped, waiting for the buyer to confirm it.',
  closedForSellerUnshipped: 'The order is back to awaiting shipment: please ship it and mark it shipped.',
  stillUnsorted: 'Still not sorted out with the seller? You can open a case at PayPal within 180 days of payment.',
} as const;

export const PAYPAL_DISPUTES_URL = 'https://www.paypal.com/disputes/';

export const REASON_TEXTS: Record<ProblemReason, string> = {
  not_received: 'Not received',
  not_as_described: 'Not as described',
  damaged: 'Damaged',
  other: 'Other',
};

/** The carriers offered on the ship form; any other is 'Other' (the API recognises the carrier from the number). */
export const CARRIERS = [
  { value: 'USPS', label: 'USPS' },
  { value: 'UPS', label: 'UPS' },
  { value: 'FedEx', label: 'FedEx' },
  { value: 'DHL', label: 'DHL' },
  { value: 'Other', label: 'Other' },
] as const;

/** The API names carriers by code ('usps', as the tracking-number library does): shown as the carriers write them. */
const CARRIER_NAMES: Record<string, string> = { usps: 'USPS', ups: 'UPS', fedex: 'FedEx', dhl: 'DHL', amazon: 'Amazon', ontrac: 'OnTrac', other: 'Other' };
export const carrierName = (code: string) => CARRIER_NAMES[code.toLowerCase()] ?? code;

const ERROR_TEXTS: Record<string, string> = {
  [ORDER_ERRORS.notFound]: 'This order no longer exists.',
  [ORDER_ERRORS.forbidden]: 'That is for the other side of this order to do.',
  [ORDER_ERRORS.invalidState]: 'This order has changed meanwhile: it is shown as it is now.',
  [ORDER_ERRORS.tooEarly]: 'A problem with an unshipped order can be reported once the seller’s 72 hours to ship have passed.',
  [ORDER_ERRORS.notShipped]: 'It can be confirmed received once the seller has marked it shipped.',
  [ORDER_ERRORS.shipToSet]: 'This order already has an address to ship to.',
  [ORDER_ERRORS.noShipTo]: 'The buyer has not given an address to ship to yet. We will mail you when they do.',
  [ORDER_ERRORS.address]: 'Check the address: a field is missing or too long.',
  [ORDER_ERRORS.postalCode]: 'Enter a postal code in the format used in that country.',
  [ORDER_ERRORS.trackingNumber]: 'That tracking number is not valid. Check it, or leave it empty.',
  [ORDER_ERRORS.problemReason]: 'Choose a reason.',
  [ORDER_ERRORS.problemDetails]: 'The details are too long (2,000 characters at most).',
  [NETWORK_ERROR]: 'No connection. Check your network and try again.',
};

export const codeOf = (error: unknown) => (isApiError(error) ? error.code : '');

/** A refused call in plain words: ORDER_ERRORS codes by name, anything else as a generic failure. */
export function orderErrorText(error: unknown): string {
  return ERROR_TEXTS[codeOf(error)] ?? TEXTS.somethingWentWrong;
}

export const orderDate = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
