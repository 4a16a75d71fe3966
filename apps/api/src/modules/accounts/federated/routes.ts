import type { Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import { ACCOUNT_ERRORS, ERROR_CODES, type Session } from '@keeb/shared';
import { AppError, parseInput } from '../../../platform/errors';
import { issueOAuthState, takeOAuthState } from '../../../adapters/oauth/state';
import { withProvider } from '../../../adapters/provider-http';
import { rateLimit, userOrAddress, type RateLimits } from '../../../platform/rate-limit';
import { route, type RouteSpec } from '../../../platform/route-table';
import { startSession } from '../session';
import { type FederatedService } from './service';

const { googleFailed, facebookFailed } = ACCOUNT_ERRORS;
const requiredText = (code: string) => z.string({ error: code }).trim().min(1, { error: code }).max(4096, { error: code });

const GoogleVerifyInput = z.object({ token: requiredText(googleFailed) }, { error: googleFailed });
const FacebookStartInput = z.object({ type: z.enum(['signin', 'signup'], { error: ERROR_CODES.badRequest }) }, { error: ERROR_CODES.badRequest });
const FacebookVerifyInput = z.object({
  code: requiredText(facebookFailed),
  type: z.enum(['signin', 'signup'], { error: facebookFailed }),
  state: requiredText(facebookFailed),
}, { error: facebookFailed });

/** A provider that is not configured has no routes, as far as clients can tell. */
const onlyIf =
  (enabled: boolean): RequestHandler =>
  (_req, _res, next) =>
    next(enabled ? undefined : new AppError(404, ERROR_CODES.notFound));

/** POST /api/auth/google/verify, GET /api/auth/facebook, POST /api/auth/facebook/verify. */
export function federatedRoutes(deps: { federated: FederatedService; limits: RateLimits }): RouteSpec[] {
  const { federated, limits } = deps;
  // Each call may reach the provider and writes a session row: a flood guard as generous as the password sign-in's
  // (per signed-in user, else per address, sized for an office or a carrier's NAT).
  const limit = rateLimit(limits.create({ name: 'federated-auth', points: 100, durationSeconds: 60 }), userOrAddress);

  // The same answer as POST /api/login, on a fresh session id.
  const signIn = async (req: Request, res: Response, user: { id: string; username: string }) => {
    await startSession(req, user.id);
    const session: Session = { isLoggedIn: true, username: user.username, userId: user.id };
    res.json(session);
  };

  return [
    route({
      method: 'post', path: '/auth/google/verify', access: 'public', input: { body: GoogleVerifyInput }, before: [onlyIf(federated.googleEnabled), limit],
      handler: async (req, res) => {
        const { token } = parseInput(GoogleVerifyInput, req.body);
        await signIn(req, res, await withProvider(req, googleFailed, () => federated.signInWithGoogle(token)));
      },
    }),
    route({
      method: 'get', path: '/auth/facebook', access: 'public', input: { query: FacebookStartInput }, before: [onlyIf(federated.facebookEnabled), limit],
      handler: async (req, res) => {
        const { type } = parseInput(FacebookStartInput, req.query);
        const redirectUrl = federated.facebookAuthorizationUrl(type, issueOAuthState(req, 'facebook', type));
        res.json({ redirectUrl });
      },
    }),
    route({
      method: 'post', path: '/auth/facebook/verify', access: 'public', input: { body: FacebookVerifyInput }, before: [onlyIf(federated.facebookEnabled), limit],
      handler: async (req, res) => {
        const { code, type, state } = parseInput(FacebookVerifyInput, req.body);
        if (!takeOAuthState(req, 'facebook', state, type)) throw new AppError(400, facebookFailed);
        await signIn(req, res, await withProvider(req, facebookFailed, () => federated.signInWithFacebook(code, type)));
      },
    }),
  ];
}
