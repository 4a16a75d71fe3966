import { isApiError } from '../../lib/api-error';

/** The Offers screen's texts: the spec's verbatim (part 2 sections 2, 4, 5 and 8), then ours (docs/decisions.md). */
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
} as const;

export const codeOf = (error: unknown) => (isApiError(error) ? error.code : '');
