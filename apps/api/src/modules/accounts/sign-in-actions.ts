/**
 * Signing in and who is signed in: the session and admin status answers, and login with its lockout (failures
 * counted per account and address or known device, so strangers cannot lock an owner out; each attempt reserves
 * its points before the password is compared). The three lockout limiters are this file's only state, and only
 * login uses them.
 */
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { ACCOUNT_ERRORS, LOCKOUT_ATTEMPTS, LOCKOUT_MINUTES, type AdminStatus, type Session } from '@keeb/shared';
import { AppError } from '../../platform/errors';
import { consume } from '../../platform/rate-limit';
import { verifyPassword } from './passwords';
import * as repo from './repo';
import type { AccountsDeps } from './account-shared';

export function createSignInActions(deps: Pick<AccountsDeps, 'db' | 'captcha' | 'limits'>) {
  const { db, captcha } = deps;

  // Lockout (each within 5 minutes, for 5 minutes;
  // docs/decisions/0269-sign-in-lockout-that-strangers-cannot-trigger.md). Failures are counted where they come from,
  // so strangers cannot lock an owner out: 5 for one account from one address (or one known device) lock that pair
  // only; 10 for one account from devices it never signed in on lock out new devices only (many addresses guess
  // slowly, the owner's known browsers go on); 50 from one address, a NAT's worth, lock out that address's new
  // devices (spraying many accounts).
  const lockout = { durationSeconds: LOCKOUT_MINUTES * 60, blockSeconds: LOCKOUT_MINUTES * 60 };
  const pairFailures = deps.limits.create({ name: 'login-fail-pair', points: LOCKOUT_ATTEMPTS, ...lockout });
  const newDeviceFailures = deps.limits.create({ name: 'login-fail-account-new-devices', points: LOCKOUT_ATTEMPTS * 2, ...lockout });
  const addressFailures = deps.limits.create({ name: 'login-fail-address', points: LOCKOUT_ATTEMPTS * 10, ...lockout });

  async function locked(limiter: RateLimiterAbstract, key: string): Promise<boolean> {
    const state = await limiter.get(key);
    return state !== null && state.consumedPoints >= limiter.points;
  }

  return {
    async sessionOf(userId: string | undefined): Promise<Session> {
      const user = userId ? await repo.findSessionUser(db, userId) : undefined;
      return user ? { isLoggedIn: true, username: user.username, userId: user.id } : { isLoggedIn: false };
    },

    async adminStatusOf(userId: string | undefined): Promise<AdminStatus> {
      const user = userId ? await repo.findSessionUser(db, userId) : undefined;
      return { p: Boolean(user?.isAdmin) };
    },

    /**
     * `client.deviceOf` answers the device id when the browser is a known device of that user (known-device.ts).
     * The account is looked up first so a name and an email count as one account.
     */
    async login(
      input: { username: string; password: string; captcha_token?: string | undefined },
      client: { address: string; deviceOf: (userId: string) => string | undefined },
    ) {
      const user = await repo.findLoginUser(db, input.username);
      // Unknown names lock too, so the answer does not tell which accounts exist.
      const account = user?.id ?? `name:${input.username.toLowerCase()}`;
      const device = user ? client.deviceOf(user.id) : undefined;
      const pairKey = device ? `${account}|device:${device}` : `${account}|${client.address}`;
      const counts: (readonly [RateLimiterAbstract, string])[] = device
        ? [[pairFailures, pairKey]]
        : [[pairFailures, pairKey], [newDeviceFailures, account], [addressFailures, client.address]];
      for (const [limiter, key] of counts) if (await locked(limiter, key)) throw new AppError(429, ACCOUNT_ERRORS.tooManyAttempts);
      // Each attempt takes its points before the password is compared, and gives them back unless it was a wrong
      // password: parallel guesses each reserve a point, so a burst cannot slip past a read-then-count. A refused
      // attempt gives back only the points it was granted: a count past its limit is reset by the limiter's block
      // (rate-limiter-flexible sets it, which can drop concurrent increments on Redis), so returning points there
      // could take it back under the limit while guesses are still being compared.
      const taken = await Promise.all(counts.map(([limiter, key]) => consume(limiter, key)));
      const giveBack = () => Promise.all(counts.map(([limiter, key], i) => (taken[i] === 0 ? limiter.reward(key, 1) : undefined)));
      if (taken.some((wait) => wait > 0)) {
        await giveBack();
        throw new AppError(429, ACCOUNT_ERRORS.tooManyAttempts);
      }

      if (!(await captcha.verify(input.captcha_token, 'signin', client.address))) {
        await giveBack();
        throw new AppError(400, ACCOUNT_ERRORS.captchaFailed);
      }
      if (user && !user.passwordHash && (user.googleId || user.facebookId)) {
        await giveBack();
        throw new AppError(400, user.googleId ? ACCOUNT_ERRORS.googleLogin : ACCOUNT_ERRORS.facebookLogin);
      }
      if (!(await verifyPassword(user?.passwordHash, input.password)) || !user) throw new AppError(401, ACCOUNT_ERRORS.invalidCredentials);
      // This pair's count starts again; the account-wide and address-wide counts keep other people's attempts.
      await pairFailures.delete(pairKey);
      await Promise.all(counts.filter(([limiter]) => limiter !== pairFailures).map(([limiter, key]) => limiter.reward(key, 1)));
      return { id: user.id, username: user.username };
    },
  };
}
