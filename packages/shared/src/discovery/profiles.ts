import { z } from 'zod';
import { ForumLinkSchema, ShippingRegionSchema } from '../accounts/schemas';
import { CursorTimestampSchema } from '../items/schemas';
import { RatingSummarySchema } from '../ratings/summary';
import { TrustSchema } from './trust';

/** Page size of the followers and following lists (the item lists' 36). */
export const FOLLOW_PAGE_SIZE = 36;

export const PROFILE_ERRORS = {
  /** POST /api/user/{username}/follow on one's own profile. */
  cannotFollowSelf: 'cannot_follow_self',
} as const;

/** GET /api/user/{username}/profile: a public profile; never the email or other private account fields. */
export const UserProfileSchema = z.object({
  _id: z.string(),
  username: z.string(),
  bio: z.string(),
  avatar: z.string().nullable(),
  shippingRegion: ShippingRegionSchema.nullable(),
  reddit: ForumLinkSchema,
  numFollowers: z.number().int(),
  numFollowing: z.number().int(),
  /** Platform sales plus trades transferred from the linked forum. */
  transactions: z.number().int(),
  /** Listings shown under 'Items For Sale': approved, unsold, not removed (what /user/{username}/items/listed pages through). */
  numForSale: z.number().int(),
  karma: z.number().int(),
  /** The viewer is this user. */
  isUserProfile: z.boolean(),
  /** The viewer follows this user (false when logged out). */
  isFollowing: z.boolean(),
  /** The rating meter (linking to /u/{username}/rating). */
  rating: RatingSummarySchema,
  /** The trust panel (issue 26). */
  trust: TrustSchema,
  /** Issue 29: away until then (ISO), their listings hidden meanwhile; null when not away. */
  awayUntil: z.string().nullable(),
});
export type UserProfile = z.infer<typeof UserProfileSchema>;

/** POST /api/user/{username}/follow and /unfollow. */
export const FollowStateSchema = z.object({ isFollowing: z.boolean(), numFollowers: z.number().int() });
export type FollowState = z.infer<typeof FollowStateSchema>;

/** POST /api/user/{username}/is-following. */
export const IsFollowingSchema = z.object({ isFollowing: z.boolean() });
export type IsFollowing = z.infer<typeof IsFollowingSchema>;

/**
 * GET /api/user/{username}/followers and /following: newest follow first. `followedAt` is the cursor: send the
 * last entry's followedAt as `ts` and its _id as `cursorId` for the next page.
 */
export const FollowUserSchema = z.object({
  _id: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
  followedAt: z.string(),
});
export type FollowUser = z.infer<typeof FollowUserSchema>;

export const FollowListQuerySchema = z.object({
  ts: CursorTimestampSchema.optional(),
  cursorId: z.uuid({ error: 'invalid_cursor' }).optional(),
});
export type FollowListQuery = z.infer<typeof FollowListQuerySchema>;
