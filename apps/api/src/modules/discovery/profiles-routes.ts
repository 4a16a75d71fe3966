import { FollowListQuerySchema } from '@keeb/shared';
import { userIdOf } from '../../platform/auth';
import { parseInput } from '../../platform/errors';
import type { PublicReads } from '../../platform/read-routing';
import { route, type RouteSpec } from '../../platform/route-table';
import type { ProfilesService } from './profiles-service';

/**
 * Seller profiles and following: /api/user/{username}/profile, follow, unfollow, is-following, followers, following.
 * The profile and its follow lists may come from a replica (reads.read); following, and whether one follows, from the primary.
 */
export function profilesRoutes(reads: PublicReads<ProfilesService>): RouteSpec[] {
  const profiles = reads.primary;
  return [
    route({
      method: 'get', path: '/user/:username/profile', access: 'public',
      handler: async (req, res) => {
        res.json(await reads.read(req, (p) => p.profile(String(req.params.username), req.session.userId)));
      },
    }),
    route({
      method: 'post', path: '/user/:username/follow', access: 'signedIn',
      handler: async (req, res) => {
        res.json(await profiles.follow(userIdOf(req), String(req.params.username)));
      },
    }),
    route({
      method: 'post', path: '/user/:username/unfollow', access: 'signedIn',
      handler: async (req, res) => {
        res.json(await profiles.unfollow(userIdOf(req), String(req.params.username)));
      },
    }),
    route({
      method: 'post', path: '/user/:username/is-following', access: 'public', readOnly: true,
      handler: async (req, res) => {
        res.json(await profiles.isFollowing(req.session.userId, String(req.params.username)));
      },
    }),
    ...(['followers', 'following'] as const).map((kind) =>
      route({
        method: 'get', path: `/user/:username/${kind}`, access: 'public', input: { query: FollowListQuerySchema },
        handler: async (req, res) => {
          const query = parseInput(FollowListQuerySchema, req.query);
          res.json(await reads.read(req, (p) => p.list(kind, String(req.params.username), query)));
        },
      }),
    ),
  ];
}
