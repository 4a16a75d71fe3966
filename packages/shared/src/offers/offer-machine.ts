/**
 * The offer state machine (spec part 2, section 4 "Offers"), shared by the API and the screens so they cannot
 * disagree: the API applies one transition per call, as a conditional update on `from`; the Offers screen asks
 * `actionsFor` which buttons to show. Each transition has one actor; time-based ones belong to 'system'.
 *
 * The spec names four statuses (pending, accepted, countered, expired). The rest are ours
 * (docs/decisions/0152-states-beyond-the-specs-four.md): `declined` (the seller said no: gone from the seller's list,
 * the buyer may make a new offer or remove it), `closed` (the item was sold to someone else or removed), `paid` (this
 * offer's buyer bought the item), `removed` (the buyer deleted it: kept for the record, shown to nobody).
 */
export const OFFER_STATUSES = ['pending', 'countered', 'accepted', 'expired', 'declined', 'closed', 'paid', 'removed'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
export type OfferActor = 'buyer' | 'seller' | 'system';

/** The buyer's 24 hours to pay after acceptance, and what Give More Time adds (spec part 2, section 9). */
export const PAYMENT_WINDOW_MS = 24 * 60 * 60 * 1000;
/** When the buyer is reminded that the window is closing. */
export const EXPIRY_WARNING_BEFORE_MS = 4 * 60 * 60 * 1000;

interface Transition {
  from: readonly OfferStatus[];
  to: OfferStatus;
  actor: OfferActor;
}

export const OFFER_TRANSITIONS = {
  /** Seller accepts the buyer's price: the 24-hour payment window starts (one accepted offer per item). */
  accept: { from: ['pending'], to: 'accepted', actor: 'seller' },
  /** Seller answers with a price of their own. */
  counterSeller: { from: ['pending'], to: 'countered', actor: 'seller' },
  /** Seller declines: also a countered offer (withdrawing the counter) or one whose window ran out. */
  decline: { from: ['pending', 'countered', 'expired'], to: 'declined', actor: 'seller' },
  /** Give More Time: 24 more hours from now, unless another offer was accepted since. */
  extend: { from: ['expired'], to: 'accepted', actor: 'seller' },
  /** Buyer answers the seller's counter with a new price: back to the seller. */
  counterBuyer: { from: ['countered'], to: 'pending', actor: 'buyer' },
  /** Buyer deletes: anything not awaiting their payment (spec: Pay Now on accepted/countered, Delete otherwise). */
  remove: { from: ['pending', 'expired', 'declined', 'closed', 'paid'], to: 'removed', actor: 'buyer' },
  /** The window ran out unpaid (a scheduled job, or noticed on read). */
  expire: { from: ['accepted'], to: 'expired', actor: 'system' },
  /** The item was bought by this offer's buyer. */
  pay: { from: ['pending', 'countered', 'accepted', 'expired'], to: 'paid', actor: 'system' },
  /** The item was sold to someone else or removed: every open offer closes. */
  close: { from: ['pending', 'countered', 'accepted', 'expired'], to: 'closed', actor: 'system' },
  /**
   * The seller's guardrails (issue 16), applied for the seller: an offer below the floor is declined as it is made,
   * or when the seller raises the floor above it; the first offer at the auto-accept price is accepted as it is made.
   */
  autoDecline: { from: ['pending'], to: 'declined', actor: 'system' },
  autoAccept: { from: ['pending'], to: 'accepted', actor: 'system' },
} as const satisfies Record<string, Transition>;
export type OfferTransition = keyof typeof OFFER_TRANSITIONS;

/** Statuses that keep an item from being removed ('Cannot Remove'): someone is waiting for an answer or owes a payment. */
export const BLOCKING_STATUSES = ['pending', 'countered', 'accepted'] as const satisfies readonly OfferStatus[];
/** Statuses the seller's Received list shows. */
export const RECEIVED_STATUSES = ['pending', 'countered', 'accepted', 'expired', 'paid'] as const satisfies readonly OfferStatus[];

export function canApply(name: OfferTransition, status: OfferStatus, actor: OfferActor): boolean {
  const t: Transition = OFFER_TRANSITIONS[name];
  return t.actor === actor && t.from.includes(status);
}

/**
 * The status as of `now`: an accepted offer whose window has passed reads expired even before the job that
 * records it has run, so no screen shows a countdown below zero as payable.
 */
export function effectiveStatus(status: OfferStatus, timeAccepted: string | Date | null, now: number = Date.now()): OfferStatus {
  if (status !== 'accepted' || timeAccepted === null) return status;
  return new Date(timeAccepted).getTime() + PAYMENT_WINDOW_MS <= now ? 'expired' : status;
}

export type OfferAction = 'accept' | 'counterSeller' | 'decline' | 'extend' | 'pay' | 'counterBuyer' | 'remove';

/**
 * The buttons of the Offers screen for one offer (spec part 2, section 4), from the table above plus the item's
 * sale: once the item is bought, the buyer can only delete and the seller has nothing to do.
 */
export function actionsFor(role: 'buyer' | 'seller', status: OfferStatus, itemPurchased: boolean): OfferAction[] {
  if (itemPurchased) return role === 'buyer' && status !== 'removed' ? ['remove'] : [];
  if (role === 'seller') {
    return (['accept', 'counterSeller', 'extend', 'decline'] as const).filter((name) => canApply(name, status, 'seller'));
  }
  if (status === 'accepted') return ['pay'];
  if (status === 'countered') return ['pay', 'counterBuyer'];
  return canApply('remove', status, 'buyer') ? ['remove'] : [];
}
