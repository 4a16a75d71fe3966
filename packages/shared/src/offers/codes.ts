/** Offer and payment error codes the API answers in `message` (spec part 2, section 8); the web maps them to texts. */
export const OFFER_ERRORS = {
  notFound: 'not_found',
  /** The call is not this user's to make (a buyer accepting, a seller paying...). */
  forbidden: 'forbidden',
  /** The offer is not in a state this call applies to (already answered, expired, deleted...). */
  invalidState: 'invalid_state',
  offerPrice: 'offer_price',
  counterPrice: 'counter_price',
  priceTooHigh: 'price_too_high',
  ownItem: 'own_item',
  /** The buyer's region is not one the listing ships to. */
  noShipping: 'no_shipping',
  /** The listing does not take offers, or is not on sale (sold, removed, not approved). */
  notAcceptingOffers: 'not_accepting_offers',
  /** The buyer already has a pending offer on this item. */
  offerExists: 'offer_exists',
  /** Another offer on the item is accepted (spec: Give More Time answers this). */
  offerAccepted: 'offer_accepted',
  confirmEmail: 'confirm_email',
  itemSold: 'item_sold',
} as const;

export const PAYMENT_ERRORS = {
  /** Someone else is paying for, or holds an accepted offer on, the item: 'Currently Unavailable'. */
  paymentPending: 'payment_pending',
  /** The seller's payment account cannot take the payment: 'Problem With Payment'. */
  paymentError: 'payment_error',
  notFound: 'not_found',
  confirmEmail: 'confirm_email',
  ownItem: 'own_item',
  noShipping: 'no_shipping',
  /** The listing has no Buy It Now and the buyer has no accepted or countered offer on it. */
  notForSale: 'not_for_sale',
  /** The payer's funding failed: the buyer goes back to the provider (`redirectUrl`) while the lock holds. */
  paymentRetry: 'payment_retry',
  /** The provider has not confirmed the capture yet (a pending capture or an unanswered call): nothing to do but wait. */
  paymentProcessing: 'payment_processing',
  /** The buyer's approval was not given, or was cancelled. */
  notApproved: 'not_approved',
  /** The generic failure: 'Something Went Wrong'. */
  failed: 'payment_failed',
  /** Issue 36: the buyer already holds MAX_UNPAID_CHECKOUTS listings at checkout (409, details `limit`). */
  tooManyCheckouts: 'too_many_checkouts',
  /** Issue 36: the buyer gave up checkouts of this listing too often lately (429, details `timeLeft` in seconds). */
  checkoutCooldown: 'checkout_cooldown',
} as const;

/** Issue 36: unpaid checkouts one buyer may hold at a time (each holds its listing PAYMENT_LOCK_MS). */
export const MAX_UNPAID_CHECKOUTS = 2;
