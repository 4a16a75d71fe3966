import type { RequestHandler } from 'express';
import { z } from 'zod';
import { ACCOUNT_ERRORS, ERROR_CODES } from '@keeb/shared';
import { userIdOf } from '../../../platform/auth';
import { AppError, parseInput } from '../../../platform/errors';
import { issueOAuthState, takeOAuthState } from '../../../adapters/oauth/state';
import { withProvider } from '../../../adapters/provider-http';
import { rateLimit, userOrAddress, type RateLimits } from '../../../platform/rate-limit';
import { route, type RouteSpec } from '../../../platform/route-table';
import { type ForumLinkService } from './service';

const { redditFailed } = ACCOUNT_ERRORS;
const requiredText = (code: string) => z.string({ error: code }).trim().min(1, { error: code }).max(4096, { error: code });

const LinkStartInput = z.object({ type: z.literal('link', { error: ERROR_CODES.badRequest }) }, { error: ERROR_CODES.badRequest });
const LinkVerifyInput = z.object({
  code: requiredText(redditFailed),
  type: z.literal('link', { error: redditFailed }),
  state: requiredText(redditFailed),
}, { error: redditFailed });

/**
 * The forum link (Reddit): GET /api/auth/reddit, POST /api/auth/reddit/verify, GET /api/reddit/auth/credentials,
 * GET /api/reddit/transactions, POST /api/reddit/revoke. All for the signed-in user only.
 */
export function forumLinkRoutes(deps: { forumLink: ForumLinkService; limits: RateLimits }): RouteSpec[] {
  const { forumLink, limits } = deps;
  // Unconfigured, the whole feature is absent (404) for everyone, signed in or not.
  const configured: RequestHandler = (_req, _res, next) => next(forumLink.enabled ? undefined : new AppError(404, ERROR_CODES.notFound));
  // Most of these reach Reddit; per signed-in user (never per address: an office shares one), well above what the
  // settings page needs.
  const limit = rateLimit(limits.create({ name: 'forum-link', points: 30, durationSeconds: 60 }), userOrAddress);
  const guard = { access: 'signedIn', before: [configured], after: [limit] } as const;

  return [
    route({
      method: 'get', path: '/auth/reddit', ...guard, input: { query: LinkStartInput },
      handler: async (req, res) => {
        const { type } = parseInput(LinkStartInput, req.query);
        const redirectUrl = forumLink.authorizationUrl(issueOAuthState(req, 'reddit', type));
        res.json({ redirectUrl });
      },
    }),
    route({
      method: 'post', path: '/auth/reddit/verify', ...guard, input: { body: LinkVerifyInput },
      handler: async (req, res) => {
        const { code, type, state } = parseInput(LinkVerifyInput, req.body);
        if (!takeOAuthState(req, 'reddit', state, type)) throw new AppError(400, redditFailed);
        res.json(await withProvider(req, redditFailed, () => forumLink.link(userIdOf(req), code)));
      },
    }),
    route({
      method: 'get', path: '/reddit/auth/credentials', ...guard,
      handler: async (req, res) => {
        res.json(await forumLink.status(userIdOf(req)));
      },
    }),
    route({
      method: 'get', path: '/reddit/transactions', ...guard,
      handler: async (req, res) => {
        res.json(await withProvider(req, redditFailed, () => forumLink.transferTrades(userIdOf(req))));
      },
    }),
    route({
      method: 'post', path: '/reddit/revoke', ...guard,
      handler: async (req, res) => {
        res.json(await forumLink.revoke(userIdOf(req)));
      },
    }),
  ];
}
