import { TRADE_ERRORS, TRADE_MESSAGE_MAX, TRADE_OFFERED_MAX } from '@keeb/shared';
import { isApiError } from '../../lib/api-error';
import { sellerAwayText } from '../../lib/seller-away';

/**
 * The trade screens' texts (issue 28): the issue's verbatim labels, then ours (docs/decisions/
 * 0398-where-propose-trade-item-page.md to 0408-lazy-trades-tab-chunk-own.md).
 */
export const TEXTS = {
  proposeTrade: 'Propose a trade',
  sendProposal: 'Send trade proposal',
  tradePending: 'Trade pending',
  viewOrder: 'View order',
  giveMoreTime: 'Give more time',
  // Ours.
  noTrades: 'No Trades',
  loadFailed: "We couldn't load your trades.",
  loadMore: 'Load more',
  loadMoreFailed: 'More trades could not be loaded. Please try again.',
  listingsFailed: "We couldn't load your listings.",
  noListings: 'You have no listings to offer. List an item first, then propose a trade with it.',
  pickListings: `Pick one to ${TRADE_OFFERED_MAX} of your listings.`,
  cashRequired: 'Amount required',
  proposalSent: 'Your trade proposal was sent.',
  counterSent: 'Your counter-proposal was sent.',
  somethingWentWrong: 'Something went wrong. Please try again.',
  paymentCancelled: 'Payment cancelled: nothing was charged. You can pay again before the deadline.',
  paymentComplete: 'Payment complete. Both of you can now ship: each order is under My Orders.',
} as const;

/** A refused trade call's text, one per TRADE_ERRORS code. */
export function tradeErrorText(code: string): string {
  switch (code) {
    case TRADE_ERRORS.notFound:
      return 'This trade or listing no longer exists.';
    case TRADE_ERRORS.forbidden:
      return 'This is not yours to do on this trade.';
    case TRADE_ERRORS.invalidState:
      return 'This trade has changed meanwhile. The list has been refreshed.';
    case TRADE_ERRORS.ownItem:
      return 'You cannot propose a trade for your own listing.';
    case TRADE_ERRORS.tradeExists:
      return 'You already have an open trade proposal for this item. See your trades.';
    case TRADE_ERRORS.notOpenToTrades:
      return 'This listing is no longer open to trades.';
    case TRADE_ERRORS.offeredItems:
      return `Pick one to ${TRADE_OFFERED_MAX} of your own approved, unsold listings that are not held by another trade.`;
    case TRADE_ERRORS.cash:
      return 'Enter the cash as an amount in dollars (up to two decimals), in one direction only.';
    case TRADE_ERRORS.message:
      return `The message can be at most ${TRADE_MESSAGE_MAX} characters.`;
    case TRADE_ERRORS.itemUnavailable:
      return 'An item in this trade is no longer available: it was sold, or is held by another deal.';
    case TRADE_ERRORS.noAddress:
      return 'Add your mailing address in Settings first: the other side needs it to ship to you.';
    case TRADE_ERRORS.otherNoAddress:
      return 'The other side has no mailing address yet, so they could not be shipped to. We have asked them to add one; you can accept once they have.';
    case TRADE_ERRORS.confirmEmail:
      return 'You must confirm your email before you can trade.';
    case TRADE_ERRORS.paymentPending:
      return 'A payment for this trade is already in progress or done.';
    // Added by the settlement part (a listing held by an accepted trade); a string until that code is on main.
    case 'trade_pending':
      return 'This listing is held by an accepted trade until that trade is cancelled or done.';
    default:
      return TEXTS.somethingWentWrong;
  }
}

export const codeOf = (error: unknown) => (isApiError(error) ? error.code : '');
// A refusal because the seller is away names their return date, which the code alone does not carry.
export const errorText = (error: unknown) => sellerAwayText(error) ?? tradeErrorText(codeOf(error));
