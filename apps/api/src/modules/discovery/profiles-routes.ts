import { Router } from 'express';
import { FollowListQuerySchema } from '@keeb/shared';
import { requireLogin, userIdOf } from '../../platform/auth';
import { parseInput } from '../../platform/errors';
import type { ProfilesService } from './profiles-service';

/** Seller profiles and following: /api/user/{username}/profile, follow, unfollow, is-following, followers, following. */
export function profilesRoutes(profiles: ProfilesService): Router {
  const router = Router();
  router.get('/user/:username/profile', async (req, res) => {
    res.json(await profiles.profile(req.params.username, req.session.userId));
  });
  router.post('/user/:username/follow', requireLogin, async (req, res) => {
    res.json(await profiles.follow(userIdOf(req), String(req.params.username)));
  });
  router.post('/user/:username/unfollow', requireLogin, async (req, res) => {
    res.json(await profiles.unfollow(userIdOf(req), String(req.params.username)));
  });
  router.post('/user/:username/is-following', async (req, res) => {
    res.json(await profiles.isFollowing(req.session.userId, req.params.username));
  });
  router.get('/user/:username/followers', async (req, res) => {
    res.json(await profiles.list('followers', req.params.username, parseInput(FollowListQuerySchema, req.query)));
  });
  router.get('/user/:username/following', async (req, res) => {
    res.json(await profiles.list('following', req.params.username, parseInput(FollowListQuerySchema, req.query)));
  });
  return router;
}
