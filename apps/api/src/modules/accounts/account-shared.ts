/**
 * What the accounts service's action files share, kept apart so none of them imports another: the deps the module
 * is built from (AccountsDeps), the one-time tokens (made and hashed one way for confirmation and reset links), the
 * check that refuses our own domains' addresses, the 429 of a plain rate limit, and the confirmation mail queued in
 * the transaction of a sign-up, an email change or a resend. Plain functions of the deps they read: nothing here
 * holds state.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { TOO_MANY_REQUESTS } from '@keeb/shared';
import type { Config } from '../../config';
import type { Database, Tx } from '../../db/client';
import type { Captcha } from '../../adapters/captcha/captcha';
import { AppError } from '../../platform/errors';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { queueMail } from '../../adapters/mail/mail-queue';
import { consume, type RateLimits } from '../../platform/rate-limit';
import { confirmEmailMail } from './mail-templates';
import type * as removal from './removal';
import * as repo from './repo';

export const HOUR_MS = 60 * 60 * 1000;
const CONFIRM_TTL_MS = 48 * HOUR_MS;

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

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');

/** Whether an address is at one of our own domains (refused for sign-up and password reset). */
export function ourAddressCheck(config: Pick<Config, 'appUrl'>): (email: string) => boolean {
  const ourDomains = [new URL(config.appUrl).hostname, 'keebmarket.local', 'demo.keebmarket.local'];
  const isOurAddress = (email: string) => ourDomains.some((d) => email.endsWith(`@${d}`));
  return isOurAddress;
}

/** 429 TooManyRequests when `key` has used up the limiter. */
export async function limitOrThrow(limiter: RateLimiterAbstract, key: string) {
  if ((await consume(limiter, key)) > 0) throw new AppError(429, TOO_MANY_REQUESTS, { code: TOO_MANY_REQUESTS });
}

/** A new confirmation link for the account's address, the older ones retired, mailed in the caller's transaction. */
export async function sendConfirmation({ jobs, config }: Pick<AccountsDeps, 'jobs' | 'config'>, tx: Tx, user: { id: string; username: string; email: string }) {
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
