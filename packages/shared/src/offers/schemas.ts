import { z } from 'zod';
import { PRICE_MAX } from '../items/codes';
import { CursorTimestampSchema, isPrice, priceText } from '../items/schemas';
import { OFFER_ERRORS } from './codes';
import type { OfferStatus } from './offer-machine';

/** An offer or counter as the client typed it: numeric, not zero, at most 8 characters, at most PRICE_MAX. */
const offerPrice = (code: string) =>
  z.union([z.string(), z.number()], { error: code }).superRefine((value, ctx) => {
    if (!isPrice(value)) ctx.addIssue({ code: 'custom', message: code });
    else if (Number(priceText(value)) > PRICE_MAX) ctx.addIssue({ code: 'custom', message: OFFER_ERRORS.priceTooHigh });
  }).transform((value) => Number(priceText(value)));

/**
 * POST /api/offer. `offerShippingPrice` is what the client showed; the server takes the shipping price from the
 * listing for the buyer's region and ignores it.
 */
export const OfferInputSchema = z.object({
  itemId: z.uuid({ error: OFFER_ERRORS.notFound }),
  offerPrice: offerPrice(OFFER_ERRORS.offerPrice),
  offerShippingPrice: z.unknown().optional(),
});
export type OfferInput = z.infer<typeof OfferInputSchema>;

/** POST /api/offer/{id}/counter-buyer and /counter-seller. */
export const CounterInputSchema = z.object({ counterPrice: offerPrice(OFFER_ERRORS.counterPrice) });

/** POST /api/offer/{id}/accept: the spec's client sends the item id; the offer names its item already. */
export const AcceptInputSchema = z.object({ itemId: z.string().max(64).optional() });

/** POST /api/payment/item/create: the spec's client sends the item (and its prices): only `_id` is read. */
export const PaymentCreateInputSchema = z.looseObject({ _id: z.uuid({ error: 'not_found' }) });

/** POST /api/payment/item/cancel: the buyer gives up their own checkout of this item (its payment lock). */
export const PaymentCancelInputSchema = z.object({ _id: z.uuid({ error: 'not_found' }) });

/** POST /api/payment/item/process: the provider's order id (PayPal returns it as `token` too). */
export const PaymentProcessInputSchema = z
  .object({ orderId: z.string().min(1).max(100).optional(), token: z.string().min(1).max(100).optional() })
  .refine((v) => v.orderId ?? v.token, { error: 'not_found' });

/** The item an offer is about, as both lists show it. Prices in dollars. */
export interface OfferItem {
  _id: string;
  name: string;
  description: string;
  price: number;
  thumbnail: string;
  purchaserId: string | null;
  priceSold: number | null;
}

interface OfferFields {
  _id: string;
  /** The buyer's offer (or their last counter), without shipping. */
  price: number;
  /** The seller's counter, when there is one. */
  counterPrice: number | null;
  /** Shipping to the buyer's region, from the listing when the offer was made. */
  shippingPrice: number;
  status: OfferStatus;
  /** When the seller accepted (or gave more time): the 24-hour window counts from here. */
  timeAccepted: string | null;
}

/**
 * POST /api/offer's answer. A listing's guardrails may decide the offer at once: `autoDeclined` (below the seller's
 * floor: declined, and the buyer may offer again; the floor itself is never told) or `autoAccepted` (at or above
 * the seller's auto-accept price: the 24-hour payment window runs from `timeAccepted`).
 */
export interface MadeOffer {
  _id: string;
  status: 'pending' | 'declined' | 'accepted';
  price: number;
  shippingPrice: number;
  autoDeclined?: true;
  autoAccepted?: true;
  timeAccepted?: string;
}

/** GET /api/me/offers/sent: one per offer, newest first. */
export interface SentOffer extends OfferFields {
  itemId: OfferItem;
}

/** One offer inside a received group. */
export interface ReceivedOffer extends OfferFields {
  offererId: { _id: string; username: string; shippingRegion: { name: string; code: string } | null };
}

/**
 * GET /api/me/offers/received: the seller's items with offers, most recent activity first, a page of
 * RECEIVED_PAGE_SIZE items at a time (each item whole, with all its offers). `lastActivityAt` (the newest change to
 * any of its offers) is the cursor: send the last group's lastActivityAt as `ts` and its _id as `cursorId`.
 */
export interface ReceivedItemGroup extends OfferItem {
  offers: ReceivedOffer[];
  containsAcceptedOffer: boolean;
  lastActivityAt: string;
}

/** Items per page of GET /api/me/offers/received. */
export const RECEIVED_PAGE_SIZE = 10;

/** GET /api/me/offers/received's cursor: both fields or neither. */
export const ReceivedOffersQuerySchema = z
  .object({
    ts: CursorTimestampSchema.optional(),
    cursorId: z.uuid({ error: 'invalid_cursor' }).optional(),
  })
  .refine((q) => (q.ts === undefined) === (q.cursorId === undefined), { error: 'invalid_cursor' });
export type ReceivedOffersQuery = z.infer<typeof ReceivedOffersQuerySchema>;

/** POST /api/payment/item/create. */
export interface PaymentRedirect {
  redirectUrl: string;
}

/** POST /api/payment/item/process. */
export interface PaymentResult {
  status: 'COMPLETED';
  itemId: string;
  priceSold: number;
}
