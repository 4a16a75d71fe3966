/**
 * Issue 29's seller tools: away mode, price-drop notices and offers to savers. Codes the API answers in `message`
 * and the texts the screens show (no zod here: the app shell reads these).
 */
export const SELLER_TOOL_ERRORS = {
  /** The seller is away (details: `until`, ISO): offers, purchases and trade proposals are refused until then. */
  sellerAway: 'seller_away',
  /** `until` is not a date, is not in the future, or is more than AWAY_MAX_DAYS ahead (details: field 'until'). */
  awayUntil: 'away_until',
  /** An offer to savers on a listing that takes no offers, is not public, or that nobody saved. */
  saverOfferNotAllowed: 'saver_offer_not_allowed',
  /** The price is not a price, or not below the listing's price (details: field 'price'). */
  price: 'price',
  /** One offer to savers per item per week (details: `timeLeft`, ms until the next may be sent). */
  saverOfferLimit: 'saver_offer_limit',
  /** Someone else took it first, it expired, or the item is gone. */
  saverOfferGone: 'saver_offer_gone',
} as const;

export const SELLER_TOOL_LIMITS = {
  /** The furthest 'away until' date, in days from today. */
  awayMaxDays: 90,
  /** An offer to savers stands this long. */
  saverOfferHours: 24,
  /** One offer to savers per item per this many days. */
  saverOfferEveryDays: 7,
  /** Savers hear of price drops on one item at most once per this many hours. */
  priceDropNoticeHours: 24,
  /** The Saved tab shows a drop this many days after it. */
  priceDropShownDays: 14,
} as const;

/**
 * UI texts (the spec names none; docs/decisions/0443-one-text-every-seller-away-refusal.md and
 * 0446-offer-to-savers-texts.md). {date} is the seller's return, formatted.
 */
export const SELLER_TOOL_TEXTS = {
  awayBanner: (username: string, date: string) => `${username} is away until ${date}.`,
  awayRefused: (date: string) => `The seller is away until ${date}. Offers and purchases open again when they are back.`,
  awayOwnBanner: (date: string) => `You are away until ${date}. Your listings are hidden until then.`,
  priceDropped: (from: string, to: string) => `Price dropped from ${from} to ${to}`,
  saverOfferGone: 'Someone else took this offer first, or it has ended.',
  saverOfferLimit: 'You can send one offer to savers per item each week.',
  saverOfferSent: (count: number) => `Offer sent to ${count} ${count === 1 ? 'saver' : 'savers'}.`,
} as const;
