import { Router } from 'express';
import type { RateLimits } from '../../platform/rate-limit';
import { rateLimit } from '../../platform/rate-limit';
import { SESSION_COOKIE } from '../../platform/session';
import type { AccountsService } from './service';

/** Session status calls the shell makes on every page and tab focus; the accounts issue adds sign-in and more. */
export function sessionRoutes(accounts: AccountsService, limits: RateLimits): Router {
  const router = Router();
  // Generous for a person (the shell polls on focus), tight enough to stop scripted hammering.
  const sessionLimit = rateLimit(limits.create({ name: 'session', points: 120, durationSeconds: 60 }));

  router.get('/me/logged-in', sessionLimit, async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await accounts.sessionOf(req.session.userId));
  });

  router.get('/me/admin', sessionLimit, async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await accounts.adminStatusOf(req.session.userId));
  });

  router.post('/logout', (req, res, next) => {
    req.session.destroy((error) => {
      if (error) return next(error);
      res.clearCookie(SESSION_COOKIE, { path: '/' }).json({ ok: true });
    });
  });

  return router;
}
