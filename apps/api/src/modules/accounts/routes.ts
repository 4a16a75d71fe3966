import type { Request, Response } from 'express';
import {
  AccountUpdateInputSchema,
  ChangePasswordInputSchema,
  ConfirmEmailInputSchema,
  ContactInputSchema,
  ForgotPasswordInputSchema,
  LoginInputSchema,
  RemoveAccountInputSchema,
  RequestAccessInputSchema,
  ResetPasswordInputSchema,
  SignupInputSchema,
  normaliseEmail,
  type AuthProviders,
} from '@keeb/shared';
import type { Config } from '../../config';
import { userIdOf } from '../../platform/auth';
import { parseInput } from '../../platform/errors';
import { singleImageUpload, squareAvatar } from '../../platform/images';
import { rateLimit, userOrAddress, type RateLimits } from '../../platform/rate-limit';
import { route, type RouteSpec } from '../../platform/route-table';
import { SESSION_COOKIE, sessionSecret } from '../../platform/session';
import type { UploadsService } from '../uploads/service';
import { requireXsrfHeader } from '../../platform/xsrf';
import { avatarKey } from './avatar';
import { createKnownDevices } from './known-device';
import type { AccountsService } from './service';
import { endSession, startSession } from './session';

export function accountsRoutes(deps: {
  accounts: AccountsService;
  limits: RateLimits;
  uploads: UploadsService;
  config: Config;
  /** Told after a session ended on logout or a password change (the realtime hub closes the sockets opened with it). */
  sessionEnded?: (sessionId: string) => void;
}): RouteSpec[] {
  const { accounts, limits, uploads, config } = deps;
  // Generous for a person (the shell asks on every focus), tight enough to stop scripted hammering. Counted per
  // signed-in user (else per address): ten people behind one address used it up in half a minute.
  const sessionLimit = rateLimit(limits.create({ name: 'session', points: 120, durationSeconds: 60 }), userOrAddress);
  // A flood guard on sign-in, sign-up and the other account calls, per signed-in user, else per address: sized so
  // an office or a carrier's NAT signing in together stays under it. Password guessing is governed by the login
  // lockout (service), which counts failures.
  const authLimit = rateLimit(limits.create({ name: 'auth', points: 100, durationSeconds: 60 }), userOrAddress);
  const knownDevices = createKnownDevices(sessionSecret(config));

  const signIn = async (req: Request, res: Response, user: { id: string; username: string }) => {
    await startSession(req, user.id);
    res.json({ isLoggedIn: true, username: user.username, userId: user.id });
  };

  const bySession = [sessionLimit];
  const byAuth = [authLimit];

  return [
    route({
      method: 'get', path: '/me/logged-in', access: 'public', before: bySession,
      handler: async (req, res) => {
        res.json(await accounts.sessionOf(req.session.userId));
      },
    }),
    route({
      method: 'get', path: '/me/admin', access: 'public', before: bySession,
      handler: async (req, res) => {
        res.json(await accounts.adminStatusOf(req.session.userId));
      },
    }),

    route({
      method: 'get', path: '/auth/providers', access: 'public',
      handler: (_req, res) => {
        const providers: AuthProviders = {
          google: config.google ? { clientId: config.google.clientId } : null,
          facebook: Boolean(config.facebook),
          reddit: Boolean(config.reddit),
          recaptcha: config.recaptcha ? { siteKey: config.recaptcha.siteKey } : null,
        };
        res.json(providers);
      },
    }),

    route({
      method: 'post', path: '/signup', access: 'public', input: { body: SignupInputSchema }, before: byAuth,
      handler: async (req, res) => {
        const input = parseInput(SignupInputSchema, req.body);
        const user = await accounts.signup(input, req.ip);
        knownDevices.remember(req, res, user.id);
        await signIn(req, res, user);
      },
    }),
    route({
      method: 'post', path: '/login', access: 'public', input: { body: LoginInputSchema }, before: byAuth,
      handler: async (req, res) => {
        const input = parseInput(LoginInputSchema, req.body);
        const user = await accounts.login(input, { address: req.ip ?? 'unknown', deviceOf: (userId) => knownDevices.deviceOf(req, userId) });
        knownDevices.remember(req, res, user.id);
        await signIn(req, res, user);
      },
    }),
    route({
      method: 'post', path: '/logout', access: 'public',
      handler: async (req, res) => {
        const sessionId = req.sessionID;
        await endSession(req);
        if (sessionId) deps.sessionEnded?.(sessionId);
        res.clearCookie(SESSION_COOKIE, { path: '/' }).json({ ok: true });
      },
    }),

    route({
      method: 'get', path: '/me', access: 'signedIn', before: bySession,
      handler: async (req, res) => {
        res.json(await accounts.profileStats(userIdOf(req)));
      },
    }),
    route({
      method: 'get', path: '/me/verified', access: 'signedIn', before: bySession,
      handler: async (req, res) => {
        res.json(await accounts.verified(userIdOf(req)));
      },
    }),
    route({
      method: 'get', path: '/me/settings', access: 'signedIn', before: bySession,
      handler: async (req, res) => {
        res.json(await accounts.settingsOf(userIdOf(req)));
      },
    }),
    route({
      method: 'get', path: '/me/region', access: 'signedIn', before: bySession,
      handler: async (req, res) => {
        res.json(await accounts.region(userIdOf(req)));
      },
    }),
    route({
      method: 'post', path: '/me/account', access: 'signedIn', input: { body: AccountUpdateInputSchema }, before: bySession,
      handler: async (req, res) => {
        const input = parseInput(AccountUpdateInputSchema, req.body);
        res.json(await accounts.updateAccount(userIdOf(req), input));
      },
    }),
    // The access check runs before multer: a logged-out upload is refused before its body is read into memory.
    route({
      method: 'post', path: '/me/avatar', access: 'signedIn', input: { multipart: 'file' }, before: byAuth, after: [singleImageUpload('file')],
      handler: async (req, res) => {
        const avatar = await squareAvatar(req.file?.buffer);
        const key = avatarKey(userIdOf(req));
        const url = await uploads.store(userIdOf(req), key, [{ key, body: avatar }]);
        res.json({ url });
      },
    }),
    route({
      method: 'post', path: '/me/password', access: 'signedIn', input: { body: ChangePasswordInputSchema }, before: byAuth,
      handler: async (req, res) => {
        const input = parseInput(ChangePasswordInputSchema, req.body);
        const ended = await accounts.changePassword(userIdOf(req), req.sessionID, input);
        for (const sessionId of ended) deps.sessionEnded?.(sessionId);
        res.json({ ok: true });
      },
    }),
    route({
      method: 'post', path: '/me/remove', access: 'signedIn', input: { body: RemoveAccountInputSchema }, before: byAuth,
      handler: async (req, res) => {
        const { password } = parseInput(RemoveAccountInputSchema, req.body);
        const result = await accounts.removeAccount(userIdOf(req), password);
        await endSession(req);
        res.clearCookie(SESSION_COOKIE, { path: '/' }).json(result);
      },
    }),

    route({
      // A GET with a side effect: only the app's own calls (with the XSRF header), never a page element.
      method: 'get', path: '/resend-confirmation', access: 'signedIn', before: [requireXsrfHeader, ...byAuth],
      handler: async (req, res) => {
        res.json(await accounts.resendConfirmation(userIdOf(req)));
      },
    }),
    route({
      method: 'post', path: '/confirm-email', access: 'public', input: { body: ConfirmEmailInputSchema }, before: byAuth,
      handler: async (req, res) => {
        const { token } = parseInput(ConfirmEmailInputSchema, req.body);
        res.json(await accounts.confirmEmail(token.trim()));
      },
    }),

    route({
      method: 'post', path: '/password/forgot', access: 'public', input: { body: ForgotPasswordInputSchema }, before: byAuth,
      handler: async (req, res) => {
        const { email } = parseInput(ForgotPasswordInputSchema, req.body);
        res.json(await accounts.forgotPassword(normaliseEmail(email), req.ip));
      },
    }),
    route({
      method: 'post', path: '/password/:token/valid', access: 'public', before: byAuth,
      handler: async (req, res) => {
        res.json(await accounts.resetTokenValid(String(req.params.token)));
      },
    }),
    route({
      method: 'post', path: '/password/:token/reset', access: 'public', input: { body: ResetPasswordInputSchema }, before: byAuth,
      handler: async (req, res) => {
        const { password } = parseInput(ResetPasswordInputSchema, req.body);
        const userId = await accounts.resetPassword(String(req.params.token), password);
        // The reset proved the email: this browser may sign in even while strangers' guesses lock out new devices.
        if (userId) knownDevices.remember(req, res, userId);
        res.json(Boolean(userId));
      },
    }),

    route({
      method: 'post', path: '/request-access', access: 'public', input: { body: RequestAccessInputSchema }, before: byAuth,
      handler: async (req, res) => {
        const { email } = parseInput(RequestAccessInputSchema, req.body);
        res.json(await accounts.requestAccess(normaliseEmail(email)));
      },
    }),
    route({
      method: 'post', path: '/contact', access: 'public', input: { body: ContactInputSchema }, before: byAuth,
      handler: async (req, res) => {
        const input = parseInput(ContactInputSchema, req.body);
        res.json(await accounts.contact({ email: normaliseEmail(input.email), reason: input.reason.trim(), message: input.message.trim() }, req.session.userId));
      },
    }),
  ];
}
