import { FollowListQuerySchema } from '@keeb/shared';
import { userIdOf } from '../../platform/auth';
import { parseInput } from '../../platform/errors';
import { route, type RouteSpec } from '../../platform/route-table';
import type { ProfilesService } from './profiles-service';

/** Seller profiles and following: /api/user/{username}/profile, follow, unfollow, is-following, followers, following. */
export function profilesRoutes(profiles: ProfilesService): RouteSpec[] {
  return [
    route({
      method: 'get', path: '/user/:username/profile', access: 'public',
      handler: async (req, res) => {
        res.json(await profiles.profile(String(req.params.username), req.session.userId));
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
      method: 'post', path: '/user/:username/is-following', access: 'public',
      handler: async (req, res) => {
        res.json(await profiles.isFollowing(req.session.userId, String(req.params.username)));
      },
    }),
    ...(['followers', 'following'] as const).map((kind) =>
      route({
        method: 'get', path: `/user/:username/${kind}`, access: 'public', input: { query: FollowListQuerySchema },
        handler: async (req, res) => {
          res.json(await profiles.list(kind, String(req.params.username), parseInput(FollowListQuerySchema, req.query)));
        },
      }),
    ),
  ];
}
