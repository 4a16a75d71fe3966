import { Router, type Request, type Response } from 'express';
import {
  AccountUpdateInputSchema,
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
import { requireLogin, userIdOf } from '../../platform/auth';
import { parseInput } from '../../platform/errors';
import { singleImageUpload, squareAvatar } from '../../platform/images';
import { rateLimit, type RateLimits } from '../../platform/rate-limit';
import { SESSION_COOKIE } from '../../platform/session';
import type { Storage } from '../../platform/storage';
import { requireXsrfHeader } from '../../platform/xsrf';
import { avatarKey } from './avatar';
import type { AccountsService } from './service';
import { endSession, startSession } from './session';

const noStore = (res: Response) => res.set('Cache-Control', 'no-store');

export function accountsRoutes(deps: { accounts: AccountsService; limits: RateLimits; storage: Storage; config: Config }): Router {
  const { accounts, limits, storage, config } = deps;
  const router = Router();
  // Generous for a person (the shell asks on every focus), tight enough to stop scripted hammering.
  const sessionLimit = rateLimit(limits.create({ name: 'session', points: 120, durationSeconds: 60 }));
  // Sign-in, sign-up and verification calls per address; the login lockout is separate (service).
  const authLimit = rateLimit(limits.create({ name: 'auth', points: 30, durationSeconds: 60 }));

  const signIn = async (req: Request, res: Response, user: { id: string; username: string }) => {
    await startSession(req, user.id);
    noStore(res).json({ isLoggedIn: true, username: user.username, userId: user.id });
  };

  router.get('/me/logged-in', sessionLimit, async (req, res) => {
    noStore(res).json(await accounts.sessionOf(req.session.userId));
  });
  router.get('/me/admin', sessionLimit, async (req, res) => {
    noStore(res).json(await accounts.adminStatusOf(req.session.userId));
  });

  router.get('/auth/providers', (_req, res) => {
    const providers: AuthProviders = {
      google: config.google ? { clientId: config.google.clientId } : null,
      facebook: Boolean(config.facebook),
      reddit: Boolean(config.reddit),
      recaptcha: config.recaptcha ? { siteKey: config.recaptcha.siteKey } : null,
    };
    res.json(providers);
  });

  router.post('/signup', authLimit, async (req, res) => {
    const input = parseInput(SignupInputSchema, req.body);
    await signIn(req, res, await accounts.signup(input, req.ip));
  });

  router.post('/login', authLimit, async (req, res) => {
    const input = parseInput(LoginInputSchema, req.body);
    await signIn(req, res, await accounts.login(input, req.ip));
  });

  router.post('/logout', async (req, res) => {
    await endSession(req);
    res.clearCookie(SESSION_COOKIE, { path: '/' }).json({ ok: true });
  });

  router.get('/me', sessionLimit, requireLogin, async (req, res) => {
    noStore(res).json(await accounts.profileStats(userIdOf(req)));
  });
  router.get('/me/verified', sessionLimit, requireLogin, async (req, res) => {
    noStore(res).json(await accounts.verified(userIdOf(req)));
  });
  router.get('/me/settings', sessionLimit, requireLogin, async (req, res) => {
    noStore(res).json(await accounts.settingsOf(userIdOf(req)));
  });
  router.get('/me/region', sessionLimit, requireLogin, async (req, res) => {
    noStore(res).json(await accounts.region(userIdOf(req)));
  });
  router.post('/me/account', sessionLimit, requireLogin, async (req, res) => {
    const input = parseInput(AccountUpdateInputSchema, req.body);
    noStore(res).json(await accounts.updateAccount(userIdOf(req), input));
  });
  router.post('/me/avatar', authLimit, requireLogin, singleImageUpload('file'), async (req, res) => {
    const avatar = await squareAvatar(req.file?.buffer);
    const url = await storage.put(avatarKey(userIdOf(req)), avatar);
    res.json({ url });
  });
  router.post('/me/remove', authLimit, requireLogin, async (req, res) => {
    const { password } = parseInput(RemoveAccountInputSchema, req.body);
    const result = await accounts.removeAccount(userIdOf(req), password);
    await endSession(req);
    res.clearCookie(SESSION_COOKIE, { path: '/' }).json(result);
  });

  router.get('/resend-confirmation', requireXsrfHeader, authLimit, requireLogin, async (req, res) => {
    noStore(res).json(await accounts.resendConfirmation(userIdOf(req)));
  });
  router.post('/confirm-email', authLimit, async (req, res) => {
    const { token } = parseInput(ConfirmEmailInputSchema, req.body);
    res.json(await accounts.confirmEmail(token.trim()));
  });

  router.post('/password/forgot', authLimit, async (req, res) => {
    const { email } = parseInput(ForgotPasswordInputSchema, req.body);
    res.json(await accounts.forgotPassword(normaliseEmail(email), req.ip));
  });
  router.post('/password/:token/valid', authLimit, async (req, res) => {
    res.json(await accounts.resetTokenValid(String(req.params.token)));
  });
  router.post('/password/:token/reset', authLimit, async (req, res) => {
    const { password } = parseInput(ResetPasswordInputSchema, req.body);
    res.json(await accounts.resetPassword(String(req.params.token), password));
  });

  router.post('/request-access', authLimit, async (req, res) => {
    const { email } = parseInput(RequestAccessInputSchema, req.body);
    res.json(await accounts.requestAccess(normaliseEmail(email)));
  });
  router.post('/contact', authLimit, async (req, res) => {
    const input = parseInput(ContactInputSchema, req.body);
    res.json(await accounts.contact({ email: normaliseEmail(input.email), reason: input.reason.trim(), message: input.message.trim() }, req.session.userId));
  });

  return router;
}
