import {
  ERROR_CODES,
  FOLLOW_PAGE_SIZE,
  PROFILE_ERRORS,
  type FollowListQuery,
  type FollowState,
  type FollowUser,
  type UserProfile,
} from '@keeb/shared';
import type { Database } from '../../db/client';
import { AppError } from '../../platform/errors';
import { profileHeader } from './profile-header';
import * as repo from './profiles-repo';

export function createProfilesService(db: Database) {
  /** The target of a profile call: unknown and removed accounts are 404 not_found. */
  async function target(key: string) {
    const user = await repo.findUser(db, key);
    if (!user) throw new AppError(404, ERROR_CODES.notFound);
    return user;
  }

  async function followState(viewerId: string, userId: string): Promise<FollowState> {
    const [isFollowing, numFollowers] = await Promise.all([repo.isFollowing(db, viewerId, userId), repo.keptFollowerCount(db, userId)]);
    return { isFollowing, numFollowers };
  }

  return {
    /** GET /api/user/{username}/profile in one statement (profile-header.ts); `viewerId` is the signed-in user, if any. */
    async profile(key: string, viewerId: string | undefined): Promise<UserProfile> {
      const header = await profileHeader(db, key, viewerId);
      if (!header) throw new AppError(404, ERROR_CODES.notFound);
      return header;
    },

    /** POST /api/user/{username}/follow: idempotent; following oneself is 400 cannot_follow_self. */
    async follow(viewerId: string, key: string): Promise<FollowState> {
      const { id } = await target(key);
      if (id === viewerId) throw new AppError(400, PROFILE_ERRORS.cannotFollowSelf);
      await repo.follow(db, viewerId, id);
      return followState(viewerId, id);
    },

    /** POST /api/user/{username}/unfollow: idempotent (unfollowing someone not followed, or oneself, changes nothing). */
    async unfollow(viewerId: string, key: string): Promise<FollowState> {
      const { id } = await target(key);
      await repo.unfollow(db, viewerId, id);
      return followState(viewerId, id);
    },

    /** POST /api/user/{username}/is-following: false when logged out. */
    async isFollowing(viewerId: string | undefined, key: string): Promise<{ isFollowing: boolean }> {
      const { id } = await target(key);
      return { isFollowing: viewerId !== undefined && viewerId !== id && (await repo.isFollowing(db, viewerId, id)) };
    },

    /** GET /api/user/{username}/followers|following: newest follow first, keyset `ts` (followedAt) + `cursorId` (_id). */
    async list(direction: 'followers' | 'following', key: string, query: FollowListQuery): Promise<FollowUser[]> {
      const { id } = await target(key);
      const rows = await repo.followPage(db, {
        direction,
        userId: id,
        cursor: { ts: query.ts ? new Date(query.ts).toISOString() : undefined, id: query.cursorId },
        limit: FOLLOW_PAGE_SIZE,
      });
      return rows.map((r) => ({ _id: r.id, username: r.username, avatar: r.avatar, followedAt: r.followedAt.toISOString() }));
    },
  };
}

export type ProfilesService = ReturnType<typeof createProfilesService>;
