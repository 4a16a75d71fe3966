import { z } from 'zod';

/**
 * The trust panel (issue 26), on profiles and in the item page's seller block. confirmedTrades: orders received
 * (by the buyer or by the 14-day rule), as buyer or seller, apart from the forum-transferred count.
 * shippedOnTime: the share (0..1) of the seller's orders shipped within 72 hours, of `orders` orders due so far
 * (share is null below TRUST_ON_TIME_MIN_ORDERS). replyMinutes: the median first reply in chat over 90 days, in
 * whole minutes rounded up (null without any). openProblems: open problems on orders where this user is the seller.
 * In its own file so both the profile and the item schemas can use it (profiles.ts imports items/schemas.ts).
 */
export const TrustSchema = z.object({
  memberSince: z.string(),
  confirmedTrades: z.number().int(),
  shippedOnTime: z.object({ share: z.number().nullable(), orders: z.number().int() }),
  replyMinutes: z.number().int().nullable(),
  emailVerified: z.boolean(),
  phoneVerified: z.boolean(),
  openProblems: z.number().int(),
});
export type Trust = z.infer<typeof TrustSchema>;
