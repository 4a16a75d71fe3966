import { z } from 'zod';

/** GET /api/me/logged-in */
export const SessionSchema = z.object({
  isLoggedIn: z.boolean(),
  username: z.string().optional(),
  userId: z.string().optional(),
});
export type Session = z.infer<typeof SessionSchema>;

/** GET /api/me/admin */
export const AdminStatusSchema = z.object({ p: z.boolean() });
export type AdminStatus = z.infer<typeof AdminStatusSchema>;

/** GET /api/me: the signed-in user's own profile stats. */
export const ProfileStatsSchema = z.object({
  _id: z.object({ admin: z.boolean() }),
  username: z.string(),
  avatar: z.string().nullable(),
  membershipType: z.string(),
  karma: z.number().int(),
});
export type ProfileStats = z.infer<typeof ProfileStatsSchema>;

/** GET /api/me/notifications (the notifications issue owns the counting). */
export const NotificationCountsSchema = z.object({
  numNewOffers: z.number().int(),
  numNewMessages: z.number().int(),
});
export type NotificationCounts = z.infer<typeof NotificationCountsSchema>;
