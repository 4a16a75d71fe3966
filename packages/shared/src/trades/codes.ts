/** Trade error codes the API answers in `message` (issue 28); the web maps them to texts. */
export const TRADE_ERRORS = {
  notFound: 'not_found',
  /** The call is not this user's to make now (the proposer accepting their own proposal, the seller paying...). */
  forbidden: 'forbidden',
  /** The trade is not in a state this call applies to (already answered, cancelled, expired, paid...). */
  invalidState: 'invalid_state',
  ownItem: 'own_item',
  /** The proposer already has an open trade (pending, countered or accepted) on this item. */
  tradeExists: 'trade_exists',
  /** The listing is not open to trades, or not on sale (sold, removed, not approved). */
  notOpenToTrades: 'not_open_to_trades',
  /** offeredItemIds: one to four of the proposer's own approved, unsold, unheld listings, each once. */
  offeredItems: 'offered_items',
  /** The cash part: a price (at most PRICE_MAX, two decimals), in one direction only. */
  cash: 'cash',
  /** The message passed TRADE_MESSAGE_MAX. */
  message: 'trade_message',
  /** An item of the trade is held by another trade, sold, being paid for or reserved by an accepted offer. */
  itemUnavailable: 'item_unavailable',
  /** The caller (proposing, countering or accepting) has no saved mailing address to ship to. */
  noAddress: 'no_address',
  /**
   * Issue 36: the caller has an address, the other side of the trade has none (accepting): that side is told and
   * asked for one; the trade waits.
   */
  otherNoAddress: 'other_no_address',
  confirmEmail: 'confirm_email',
  /** The payer already has this trade's cash payment in progress at the provider, or it is paid. */
  paymentPending: 'payment_pending',
  /** The listing is held by an accepted trade: it cannot be removed until that trade is cancelled or done. */
  tradePending: 'trade_pending',
} as const;

/** The statuses of a trade; `pending` awaits the seller, `countered` awaits the proposer. */
export const TRADE_STATUSES = ['pending', 'countered', 'accepted', 'declined', 'cancelled', 'completed'] as const;
export type TradeStatus = (typeof TRADE_STATUSES)[number];

/** Items a proposer may offer in one trade. */
export const TRADE_OFFERED_MAX = 4;
/** The trade's message (and a counter's). */
export const TRADE_MESSAGE_MAX = 1000;
/** What the seller would take, on the listing ('Looking for: ...'). */
export const LOOKING_FOR_MAX = 300;
/** Whoever owes the cash pays within this many hours of the acceptance (or of the last 'give more time'). */
export const TRADE_PAY_WITHIN_HOURS = 24;
