import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import {
  ACCOUNT_ERRORS,
  LOCKOUT_ATTEMPTS,
  LOCKOUT_MINUTES,
  RESERVED_USERNAMES,
  TOO_MANY_REQUESTS,
  type AccountUpdateInput,
  type AdminStatus,
  type ProfileStats,
  type Session,
  type Settings,
} from '@keeb/shared';
import type { Config } from '../../config';
import type { Database, Tx } from '../../db/client';
import { DEFAULT_EMAIL_PREFERENCES } from '../../db/schema/index';
import type { Captcha } from '../../adapters/captcha/captcha';
import { uniqueViolation } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';
import { INVALID_IMAGE } from '../../platform/images';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { queueMail } from '../../adapters/mail/mail-queue';
import { consume, type RateLimits } from '../../platform/rate-limit';
import { adminBootstrapAtSignup, adminNameReserved } from './admin';
import { isOwnAvatarUrl } from './avatar';
import { createCurrentPasswordCheck } from './current-password';
import { confirmEmailMail, contactMail, emailChangedMail, resetPasswordMail } from './mail-templates';
import { changePassword } from './password-change';
import { hashPassword, verifyPassword } from './passwords';
import * as removal from './removal';
import * as repo from './repo';
import { endAllSessionsOf } from './session';

const HOUR_MS = 60 * 60 * 1000;
const CONFIRM_TTL_MS = 48 * HOUR_MS;
const RESET_TTL_MS = 1 * HOUR_MS;

export interface AccountsDeps {
  db: Database;
  config: Config;
  /** Mail is queued here, inside the transaction of the action it reports. */
  jobs: JobQueue;
  captcha: Captcha;
  limits: RateLimits;
  /** Told after a commit that ended every session of a user (the realtime hub closes their sockets). */
  signedOutEverywhere?: (userId: string) => void;
  /** The phone `email` verified for sign-up recently and no account holds (the new account carries it). */
  phoneVerifiedForSignup?: (email: string) => Promise<string | undefined>;
  /** Issue 36: closes the removed user's proposed trades and offers (the trades and offers modules; bound in app.ts). */
  deals?: removal.RemovalDeals;
}

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');


export function createAccountsService(deps: AccountsDeps) {
  const { db, config, jobs, captcha } = deps;
  const ourDomains = [new URL(config.appUrl).hostname, 'keebmarket.local', 'demo.keebmarket.local'];
  const isOurAddress = (email: string) => ourDomains.some((d) => email.endsWith(`@${d}`));

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
  const resendLimit = deps.limits.create({ name: 'resend-confirmation', points: 5, durationSeconds: 60 * 60 });
  // Reset mails per email (nobody's mailbox gets flooded), and per address only as many as a NAT's people need
  // (the answer tells whether an email has an account: this keeps one address from testing many).
  const forgotPerEmail = deps.limits.create({ name: 'forgot-password-email', points: 5, durationSeconds: 60 * 60 });
  const forgotPerAddress = deps.limits.create({ name: 'forgot-password-address', points: 50, durationSeconds: 60 * 60 });
  const checkCurrentPassword = createCurrentPasswordCheck(deps.limits);

  async function locked(limiter: RateLimiterAbstract, key: string): Promise<boolean> {
    const state = await limiter.get(key);
    return state !== null && state.consumedPoints >= limiter.points;
  }

  async function limitOrThrow(limiter: RateLimiterAbstract, key: string) {
    if ((await consume(limiter, key)) > 0) throw new AppError(429, TOO_MANY_REQUESTS, { code: TOO_MANY_REQUESTS });
  }

  async function sendConfirmation(tx: Tx, user: { id: string; username: string; email: string }) {
    const token = newToken();
    await repo.retireTokens(tx, user.id, 'confirm_email');
    await repo.insertToken(tx, {
      userId: user.id,
      purpose: 'confirm_email',
      tokenHash: tokenHash(token),
      email: user.email,
      expiresAt: new Date(Date.now() + CONFIRM_TTL_MS),
    });
    await queueMail(jobs, tx, `confirm-email:${tokenHash(token)}`, confirmEmailMail(user.email, user.username, `${config.appUrl}/confirm-email/${token}`));
  }

  async function settingsOf(userId: string): Promise<Settings> {
    const account = await repo.findAccount(db, userId);
    if (!account) throw new AppError(401, ACCOUNT_ERRORS.mustLogin);
    return {
      _id: {
        _id: account.id,
        email: account.email,
        didConfirmEmail: account.emailConfirmedAt !== null,
        emailPreferences: { ...DEFAULT_EMAIL_PREFERENCES, ...account.emailPreferences },
        ...(account.googleId ? { googleId: account.googleId } : {}),
        ...(account.facebookId ? { facebookId: account.facebookId } : {}),
        hasPassword: account.passwordHash !== null,
      },
      username: account.username,
      bio: account.bio,
      avatar: account.avatar,
      shippingRegion: account.regionCode ? { code: account.regionCode, name: account.regionName ?? account.regionCode } : null,
      reddit: account.redditUsername
        ? {
            isLinked: true,
            username: account.redditUsername,
            timeJoined: account.redditJoinedAt?.toISOString(),
            transactions: { count: account.redditTransferredCount ?? 0, isTransferred: account.redditTransferredCount !== null },
          }
        : { isLinked: false, transactions: { count: 0, isTransferred: false } },
      referralLink: `${config.appUrl}/signup?ref=${encodeURIComponent(account.username)}`,
      awayUntil: account.awayUntil?.toISOString() ?? null,
      wantAlerts: account.wantAlerts,
    };
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

    async signup(
      input: { username: string; password: string; email: string; shippingRegion: string; captcha_token?: string | undefined; ref?: string | undefined },
      remoteIp: string | undefined,
    ): Promise<{ id: string; username: string }> {
      if (!(await captcha.verify(input.captcha_token, 'signup', remoteIp))) throw new AppError(400, ACCOUNT_ERRORS.captchaFailed);
      if (RESERVED_USERNAMES.has(input.username.toLowerCase()) || isOurAddress(input.email)) throw new AppError(418, ACCOUNT_ERRORS.teapot);
      if (config.signupMode === 'approved' && !(await repo.isAccessApproved(db, input.email))) throw new AppError(403, ACCOUNT_ERRORS.notApproved);
      if (!(await repo.regionExists(db, input.shippingRegion))) throw new AppError(400, ACCOUNT_ERRORS.shippingRegionRequired, { field: 'shippingRegion' });
      if (await repo.usernameTaken(db, input.username)) throw new AppError(409, ACCOUNT_ERRORS.usernameExists, { field: 'username' });
      if (await repo.emailTaken(db, input.email)) throw new AppError(409, ACCOUNT_ERRORS.emailExists, { field: 'email' });
      const needsPhone = config.phoneVerification === 'signup' || config.phoneVerification === 'both';
      const phone = await deps.phoneVerifiedForSignup?.(input.email);
      if (needsPhone && !phone) throw new AppError(403, ACCOUNT_ERRORS.smsVerificationInvalid);

      const referrer = input.ref ? await repo.findUserIdByUsername(db, input.ref) : undefined;
      const passwordHash = await hashPassword(input.password);
      let user: { id: string; username: string; email: string };
      try {
        // The account and its confirmation mail exist together or not at all.
        user = await db.transaction(async (tx) => {
          const created = await repo.insertUser(tx, {
            username: input.username,
            email: input.email,
            passwordHash,
            shippingRegionCode: input.shippingRegion,
            referredBy: referrer ?? null,
            ...(phone ? { phone, phoneVerifiedAt: new Date() } : {}),
          });
          await sendConfirmation(tx, created);
          return created;
        });
      } catch (error) {
        // The database is the last guard when two sign-ups race for the same name or address.
        const constraint = uniqueViolation(error);
        if (constraint === 'users_username_lower_key') throw new AppError(409, ACCOUNT_ERRORS.usernameExists, { field: 'username' });
        if (constraint === 'users_email_key') throw new AppError(409, ACCOUNT_ERRORS.emailExists, { field: 'email' });
        // Another sign-up took the same verified number first: this one needs another number.
        if (constraint === 'users_phone_key') throw new AppError(403, ACCOUNT_ERRORS.smsVerificationInvalid);
        throw error;
      }
      await adminBootstrapAtSignup(db, config.adminUsernames, user);
      return user;
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

    async profileStats(userId: string): Promise<ProfileStats> {
      const account = await repo.findAccount(db, userId);
      if (!account) throw new AppError(401, ACCOUNT_ERRORS.mustLogin);
      return {
        _id: { admin: account.isAdmin },
        username: account.username,
        avatar: account.avatar,
        membershipType: account.membershipType,
        karma: await repo.karmaOf(db, userId),
      };
    },

    async verified(userId: string) {
      const user = await repo.findSessionUser(db, userId);
      if (!user) throw new AppError(401, ACCOUNT_ERRORS.mustLogin);
      return { didConfirmEmail: user.emailConfirmedAt !== null };
    },

    settingsOf,

    async region(userId: string) {
      return (await settingsOf(userId)).shippingRegion;
    },

    async updateAccount(userId: string, input: Omit<AccountUpdateInput, 'username' | 'shippingRegion'> & { username: string; shippingRegion: string; email?: string | undefined }) {
      const account = await repo.findAccount(db, userId);
      if (!account) throw new AppError(401, ACCOUNT_ERRORS.mustLogin);
      if (!(await repo.regionExists(db, input.shippingRegion))) throw new AppError(400, ACCOUNT_ERRORS.shippingRegionRequired, { field: 'shippingRegion' });
      // Only an avatar this user uploaded: any other URL would be fetched by every visitor's browser.
      if (input.profilePhoto && !isOwnAvatarUrl(input.profilePhoto, userId)) throw new AppError(400, INVALID_IMAGE, { field: 'profilePhoto' });
      if (input.username !== account.username) {
        if (RESERVED_USERNAMES.has(input.username.toLowerCase())) throw new AppError(418, ACCOUNT_ERRORS.teapot);
        if (await repo.usernameTaken(db, input.username, userId)) throw new AppError(409, ACCOUNT_ERRORS.usernameExists, { field: 'username' });
        // A rename must not collect the admin rights that ADMIN_USERNAMES keeps for this name's first holder.
        if (await adminNameReserved(db, config.adminUsernames, input.username)) throw new AppError(409, ACCOUNT_ERRORS.usernameExists, { field: 'username' });
      }
      const emailChanged = input.email !== undefined && input.email !== account.email;
      if (emailChanged) {
        if (account.googleId || account.facebookId) throw new AppError(400, ACCOUNT_ERRORS.federatedEmail, { field: 'email' });
        // Before the address is looked up: a stolen session learns nothing, not even which addresses are taken.
        if (account.passwordHash !== null) {
          if (!input.currentPassword) throw new AppError(400, ACCOUNT_ERRORS.passwordRequired, { field: 'currentPassword' });
          await checkCurrentPassword(userId, account.passwordHash, input.currentPassword, 'currentPassword');
        }
        if (await repo.emailTaken(db, input.email!, userId)) throw new AppError(409, ACCOUNT_ERRORS.emailExists, { field: 'email' });
      }
      const avatar = input.profilePhoto || undefined;
      try {
        await db.transaction(async (tx) => {
          await repo.updateUser(tx, userId, {
            username: input.username,
            bio: input.bio ?? '',
            shippingRegionCode: input.shippingRegion,
            emailPreferences: { ...DEFAULT_EMAIL_PREFERENCES, ...account.emailPreferences, ...input.emailPreferences },
            ...(input.wantAlerts ? { wantAlerts: input.wantAlerts } : {}),
            ...(avatar ? { avatar } : {}),
            ...(emailChanged ? { email: input.email!, emailConfirmedAt: null } : {}),
          });
          if (emailChanged) await sendConfirmation(tx, { id: userId, username: input.username, email: input.email! });
          if (emailChanged) await queueMail(jobs, tx, `email-changed:${userId}:${Date.now()}`, emailChangedMail(account.email, input.username, input.email!, `${config.appUrl}/about`));
        });
      } catch (error) {
        const constraint = uniqueViolation(error);
        if (constraint === 'users_username_lower_key') throw new AppError(409, ACCOUNT_ERRORS.usernameExists, { field: 'username' });
        if (constraint === 'users_email_key') throw new AppError(409, ACCOUNT_ERRORS.emailExists, { field: 'email' });
        throw error;
      }
      return settingsOf(userId);
    },

    async resendConfirmation(userId: string) {
      await limitOrThrow(resendLimit, userId);
      const account = await repo.findAccount(db, userId);
      if (!account) throw new AppError(401, ACCOUNT_ERRORS.mustLogin);
      if (account.emailConfirmedAt === null) await db.transaction((tx) => sendConfirmation(tx, account));
      return true;
    },

    /** Confirms the address the token was sent to; the first confirmation credits the referrer's karma. */
    async confirmEmail(token: string) {
      const found = await repo.findUsableToken(db, tokenHash(token), 'confirm_email');
      const account = found ? await repo.findAccount(db, found.userId) : undefined;
      if (!found || !account || account.email !== found.email) throw new AppError(400, ACCOUNT_ERRORS.invalidToken);
      await db.transaction(async (tx) => {
        if (!(await repo.consumeToken(tx, found.id))) throw new AppError(400, ACCOUNT_ERRORS.invalidToken);
        await repo.updateUser(tx, found.userId, { emailConfirmedAt: new Date() });
        if (account.referredBy && config.referralKarma > 0) {
          await repo.awardKarma(tx, { userId: account.referredBy, reason: 'referral', amount: config.referralKarma, subjectId: found.userId });
        }
      });
      return true;
    },

    async forgotPassword(email: string, remoteIp: string | undefined) {
      await limitOrThrow(forgotPerAddress, remoteIp ?? 'unknown');
      await limitOrThrow(forgotPerEmail, email);
      if (isOurAddress(email)) throw new AppError(418, ACCOUNT_ERRORS.teapot);
      const user = await repo.findUserByEmail(db, email);
      if (!user) throw new AppError(404, ACCOUNT_ERRORS.notApproved);
      const token = newToken();
      await db.transaction(async (tx) => {
        await repo.retireTokens(tx, user.id, 'reset_password');
        await repo.insertToken(tx, { userId: user.id, purpose: 'reset_password', tokenHash: tokenHash(token), expiresAt: new Date(Date.now() + RESET_TTL_MS) });
        await queueMail(jobs, tx, `reset-password:${tokenHash(token)}`, resetPasswordMail(email, user.username, `${config.appUrl}/reset-password/${token}`));
      });
      return { ok: true };
    },

    async resetTokenValid(token: string) {
      return { valid: Boolean(await repo.findUsableToken(db, tokenHash(token), 'reset_password')) };
    },

    /** The user whose password was changed; undefined for an unknown, used or expired link. Signs out everywhere. */
    async resetPassword(token: string, password: string): Promise<string | undefined> {
      const found = await repo.findUsableToken(db, tokenHash(token), 'reset_password');
      if (!found) return undefined;
      const passwordHash = await hashPassword(password);
      const changed = await db.transaction(async (tx) => {
        if (!(await repo.consumeToken(tx, found.id))) return false;
        await repo.updateUser(tx, found.userId, { passwordHash });
        await endAllSessionsOf(tx, found.userId);
        return true;
      });
      if (!changed) return undefined;
      deps.signedOutEverywhere?.(found.userId);
      return found.userId;
    },

    async removeAccount(userId: string, password: string) {
      const account = await repo.findAccount(db, userId);
      if (!account) throw new AppError(401, ACCOUNT_ERRORS.mustLogin);
      await checkCurrentPassword(userId, account.passwordHash, password, 'password');
      const moved = await db.transaction(async (tx) => {
        await endAllSessionsOf(tx, userId);
        return removal.removeInTransaction(tx, userId, { jobs, deals: deps.deals });
      });
      deps.deals?.countsMoved(moved);
      deps.signedOutEverywhere?.(userId);
      return { ok: true };
    },

    /** The 'removed-ship-to' job: a removed buyer's order addresses past their 90 days are erased. */
    eraseShipToJob: ({ userId }: { userId: string }) => removal.eraseOldShipTo(db, userId),

    /** Answers the other sessions it ended (their sockets are the caller's to close). */
    changePassword: (userId: string, keepSessionId: string, input: { currentPassword: string; password: string }) =>
      changePassword({ db, jobs, appUrl: config.appUrl, checkCurrentPassword }, userId, keepSessionId, input),

    /** Records karma once per (user, reason, subject): listings, sales and purchases call this. */
    async awardKarma(userId: string, reason: 'listing' | 'sale' | 'purchase', amount: number, subjectId: string) {
      await repo.awardKarma(db, { userId, reason, amount, subjectId });
    },

    async requestAccess(email: string) {
      await repo.insertAccessRequest(db, email);
      return { ok: true };
    },

    async contact(input: { email: string; reason: string; message: string }, userId: string | undefined) {
      const username = userId ? (await repo.findSessionUser(db, userId))?.username : undefined;
      await db.transaction(async (tx) => {
        await repo.insertContactMessage(tx, { ...input, userId: userId ?? null });
        await queueMail(jobs, tx, `contact:${randomUUID()}`, contactMail(config.teamEmail, { ...input, username }));
      });
      return { ok: true };
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
