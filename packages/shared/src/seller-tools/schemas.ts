import { z } from 'zod';
import { SELLER_TOOL_ERRORS } from './codes';

/**
 * PUT /api/me/away {until}: a date ('2026-12-24', the seller's return at 00:00 UTC that day) or an ISO instant,
 * in the future and at most SELLER_TOOL_LIMITS.awayMaxDays ahead (the API checks the range against its clock).
 * Answers AwayStatus. DELETE /api/me/away ends it at once (AwayStatus with until null).
 */
export const AwayInputSchema = z.object({ until: z.string({ error: SELLER_TOOL_ERRORS.awayUntil }).max(40, { error: SELLER_TOOL_ERRORS.awayUntil }) });
export type AwayInput = z.infer<typeof AwayInputSchema>;
export const AwayStatusSchema = z.object({ until: z.string().nullable() });
export type AwayStatus = z.infer<typeof AwayStatusSchema>;

/** POST /api/item/{id}/offer-to-savers {price}: dollars, below the listing's price. Answers {_id, recipients, expiresAt}. */
export const SaverOfferInputSchema = z.object({ price: z.union([z.string(), z.number()], { error: SELLER_TOOL_ERRORS.price }) });
export const SaverOfferSentSchema = z.object({ _id: z.string(), recipients: z.number().int(), expiresAt: z.string() });
export type SaverOfferSent = z.infer<typeof SaverOfferSentSchema>;

/**
 * GET /api/me/saver-offers: the offers to savers the viewer received, newest first (open ones and those of the
 * last 7 days). status: open (takeable by the viewer), taken (by the viewer: their offer to pay), gone (someone
 * else's, or the item went), expired.
 */
export const SaverOfferSchema = z.object({
  _id: z.string(),
  price: z.number(),
  /** The listing's price when it was sent. */
  listPrice: z.number(),
  createdAt: z.string(),
  expiresAt: z.string(),
  status: z.enum(['open', 'taken', 'gone', 'expired']),
  /** When status is 'taken': the viewer's accepted offer, which they pay as any accepted offer. */
  offerId: z.string().nullable(),
  item: z.object({ _id: z.string(), name: z.string(), thumbnail: z.string() }),
  seller: z.object({ _id: z.string(), username: z.string() }),
});
export type SaverOffer = z.infer<typeof SaverOfferSchema>;
export const SaverOffersPageSchema = z.object({ saverOffers: z.array(SaverOfferSchema) });

/** POST /api/saver-offer/{id}/take: the accepted offer made for the taker at that price. */
export const SaverOfferTakenSchema = z.object({ offerId: z.string(), itemId: z.string() });
export type SaverOfferTaken = z.infer<typeof SaverOfferTakenSchema>;
