import { isApiError } from '../../lib/api-error';
import { sellerAwayText } from '../../lib/seller-away';

/**
 * The Offers screen's texts: the spec's verbatim (part 2 sections 2, 4, 5 and 8), then ours (docs/decisions/
 * 0170-every-offer-action-is-confirmed.md, 0174-received-comes-pages-10-items.md,
 * 0316-the-refusal-says-what-happened.md).
 */
export const TEXTS = {
  noOffers: 'No Offers',
  youOffered: 'You Offered',
  awaitingPayment: 'Awaiting Payment',
  expiredBuyerDidNotPay: 'The buyer did not pay within 24 hours',
  alreadyAccepted: "You've already accepted an offer for this item.",
  counterRequired: 'Counter price required',
  counterNumber: 'Counter price must be a number',
  // Ours.
  somethingWentWrong: 'Something went wrong. Please try again.',
  loadFailed: "We couldn't load your offers.",
  loadMore: 'Load more',
  loadMoreFailed: 'More offers could not be loaded. Please try again.',
  confirmEmailToBuy: 'You must confirm your email before you can buy an item or make an offer.',
  extendBuyerPaying: 'The buyer is already paying for this item, so its time cannot be changed now.',
  offerChanged: (status: string) => `This offer has changed meanwhile: it is now ${status}. The list has been refreshed.`,
} as const;

/** A refused action's text: the server names what happened (issue 26: Give More Time racing the window's end). */
export function refusalText(error: unknown): string {
  if (!isApiError(error)) return TEXTS.somethingWentWrong;
  const away = sellerAwayText(error);
  if (away) return away;
  if (error.code === 'payment_pending') return TEXTS.extendBuyerPaying;
  const status = error.details.status;
  if (error.code === 'invalid_state' && typeof status === 'string') return TEXTS.offerChanged(status);
  return TEXTS.somethingWentWrong;
}

export const codeOf = (error: unknown) => (isApiError(error) ? error.code : '');
