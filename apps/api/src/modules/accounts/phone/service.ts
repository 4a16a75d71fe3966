import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { ACCOUNT_ERRORS, SMS_CODE_LENGTH } from '@keeb/shared';
import type { Config } from '../../../config';
import type { Database, Queryable } from '../../../db/client';
import { uniqueViolation } from '../../../platform/db-errors';
import { AppError } from '../../../platform/errors';
import { ProviderError } from '../../../adapters/provider-http';
import { consume, type RateLimits } from '../../../platform/rate-limit';
import { SmsRecipientError, type SmsSender } from '../../../adapters/sms/sms';
import * as repo from './repo';

/** What the verified phone unlocks (spec 4): signing up, or listing an item. */
export type PhoneVerificationType = 'signup' | 'itemSell';

const CODE_TTL_MINUTES = 10;
const RESEND_AFTER_SECONDS = 60;
/** Wrong guesses a code survives: 5 in a million chances per code sent. */
const MAX_ATTEMPTS = 5;
/**
 * Issue 36: one sender (an account, else a visitor's address) texts one number at most this often an hour: a
 * stranger spends only their own allowance for it, never its owner's (the probe's five anonymous sends had locked
 * the owner out for 55 minutes).
 */
const TEXTS_PER_NUMBER_PER_SENDER_PER_HOUR = 5;
/** Whoever asks, a number gets at most this many texts an hour: a flood needs this many senders' worth at once. */
const TEXTS_PER_NUMBER_PER_HOUR = 20;
/** Enough for a seller to fix a typo or two; texts cost money, and a day is how long a seller waits at worst. */
const TEXTS_PER_ACCOUNT_PER_DAY = 10;
/** Visitors (sign-up verification) have no account to count: their address, sized for an office or a carrier's NAT. */
const VISITOR_TEXTS_PER_ADDRESS_PER_HOUR = 30;
/** How long a phone verified at sign-up lets that email create an account. */
const SIGNUP_WINDOW_MINUTES = 60;

/**
 * '+<calling code><digits>' (spaces, dashes and brackets tolerated) in E.164 form, or undefined. The plus is
 * required: without it a national number could be read as another country's and texted there.
 */
export function normalisePhone(input: string): string | undefined {
  const compact = input.replace(/[\s().-]/g, '');
  if (!/^\+[1-9]\d{6,14}$/.test(compact) || !isValidPhoneNumber(compact)) return undefined;
  return parsePhoneNumberFromString(compact)?.number;
}

/**
 * Only a hash is stored, salted with the row's random id so equal codes never share a hash. A 6-digit code could
 * be found from its hash by trying all of them; what protects it is that it lives 10 minutes and allows 5 tries.
 */
const hashCode = (id: string, code: string) => createHash('sha256').update(`${id}:${code}`).digest('hex');

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The phone `email` verified for sign-up within the last hour, if no account holds it: the new account carries
 * it (the sign-up rule with PHONE_VERIFICATION, and the listing rule later).
 */
export async function phoneVerifiedForSignup(db: Queryable, email: string): Promise<string | undefined> {
  const phone = await repo.signupVerifiedPhone(db, email.trim().toLowerCase(), SIGNUP_WINDOW_MINUTES);
  return phone && !(await repo.phoneHolder(db, phone, null)) ? phone : undefined;
}

/** True when the account carries a verified phone (the listing rule with PHONE_VERIFICATION). */
export function isPhoneVerified(db: Queryable, userId: string): Promise<boolean> {
  return repo.userHasVerifiedPhone(db, userId);
}

export interface PhoneDeps {
  db: Database;
  config: Config;
  sms: SmsSender;
  limits: RateLimits;
}

export function createPhoneService(deps: PhoneDeps) {
  const { db, config, sms } = deps;
  const host = new URL(config.appUrl).hostname;
  // The limits count texts actually sent (refused input and refused numbers cost nothing), by what they protect:
  // each sender texts one phone only a few times an hour, and however many ask, a phone gets at most a ceiling an
  // hour (nobody floods a stranger's phone, and no stranger spends its owner's texts);
  // and each account, or each visitor address, only so many a day or hour (texts cost money).
  const perNumber = deps.limits.create({ name: 'sms-per-number', points: TEXTS_PER_NUMBER_PER_HOUR, durationSeconds: 60 * 60 });
  const perNumberSender = deps.limits.create({ name: 'sms-per-number-sender', points: TEXTS_PER_NUMBER_PER_SENDER_PER_HOUR, durationSeconds: 60 * 60 });
  const perAccount = deps.limits.create({ name: 'sms-per-account', points: TEXTS_PER_ACCOUNT_PER_DAY, durationSeconds: 24 * 60 * 60 });
  const perVisitorAddress = deps.limits.create({ name: 'sms-per-visitor-address', points: VISITOR_TEXTS_PER_ADDRESS_PER_HOUR, durationSeconds: 60 * 60 });

  /**
   * Takes one text from each allowance, or gives back what it took and answers 429 `too_many_texts` with the
   * longest wait. Consuming (rather than reading first) keeps parallel requests from sharing the last text.
   */
  async function takeText(allowances: readonly (readonly [RateLimiterAbstract, string])[]): Promise<() => Promise<void>> {
    const waits = await Promise.all(allowances.map(([limiter, key]) => consume(limiter, key)));
    const giveBack = async () => {
      await Promise.all(allowances.map(([limiter, key], i) => (waits[i] === 0 ? limiter.reward(key, 1) : undefined)));
    };
    const timeLeft = Math.max(...waits);
    if (timeLeft > 0) {
      await giveBack();
      throw new AppError(429, ACCOUNT_ERRORS.tooManyTexts, { timeLeft });
    }
    return giveBack;
  }

  return {
    /**
     * Texts a new 6-digit code to `phone` (already normalised), unless one went out within the last minute.
     * `asker` is the signed-in user, else the visitor's address.
     */
    async send(phone: string, asker: { userId: string } | { address: string }): Promise<{ ok: true }> {
      const userId = 'userId' in asker ? asker.userId : undefined;
      // One account per number at a time: a number that verifies another account gets no code (and costs no text).
      if (await repo.phoneHolder(db, phone, userId ?? null)) throw new AppError(400, ACCOUNT_ERRORS.phoneInUse);
      // The spec's 429: the phone did just receive a code, which the dialog asks to enter.
      if (await repo.hasRecentCode(db, phone, RESEND_AFTER_SECONDS)) throw new AppError(429, ACCOUNT_ERRORS.codeAlreadySent);
      const sender = 'userId' in asker ? `user:${asker.userId}` : `address:${asker.address}`;
      const giveBack = await takeText([
        [perNumberSender, `${phone}|${sender}`],
        [perNumber, phone],
        'userId' in asker ? [perAccount, asker.userId] : [perVisitorAddress, asker.address],
      ]);
      const code = String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
      const id = randomUUID();
      await repo.insertCode(db, {
        id,
        phone,
        codeHash: hashCode(id, code),
        ttlMinutes: CODE_TTL_MINUTES,
        userId: userId ?? null,
        // What the code is probably for; verification records what it was actually used for.
        type: userId ? 'itemSell' : 'signup',
      });
      // The last line lets phones offer the code for autofill on our site only (the WebOTP / SMS one-time-code format).
      const body = `Your KeebMarket verification code is ${code}. It expires in ${CODE_TTL_MINUTES} minutes.\n\n@${host} #${code}`;
      try {
        await sms.send(phone, body);
      } catch (error) {
        // A code nobody received must not hold back the next attempt for a minute, nor count as a text.
        await repo.deleteCode(db, id);
        await giveBack();
        if (error instanceof SmsRecipientError) throw new AppError(400, ACCOUNT_ERRORS.invalidPhone);
        // Whatever the provider answered, the person can only try again later: always a 502, never their fault.
        throw new ProviderError('sms', (error as Error).message);
      }
      return { ok: true };
    },

    /**
     * Checks `code` against the newest code sent to `phone`. The right code marks it verified for the signed-in
     * user (whose account then carries the phone) and/or the email signing up.
     */
    async verify(
      input: { phone: string; code: string; type: PhoneVerificationType; email: string | undefined },
      userId: string | undefined,
    ): Promise<{ ok: true }> {
      const id = await repo.latestCodeId(db, input.phone);
      const storedHash = id ? await repo.spendAttempt(db, id, MAX_ATTEMPTS, userId ?? null) : undefined;
      if (!id || !storedHash) throw new AppError(400, ACCOUNT_ERRORS.codeExpired);
      if (!sameHash(storedHash, hashCode(id, input.code))) throw new AppError(400, ACCOUNT_ERRORS.smsVerificationInvalid);

      if (await repo.phoneHolder(db, input.phone, userId ?? null)) throw new AppError(409, ACCOUNT_ERRORS.phoneInUse);
      await db.transaction(async (tx) => {
        const verified = await repo.markVerified(tx, id, {
          type: input.type,
          email: input.type === 'signup' ? (input.email ?? null) : null,
          userId: userId ?? null,
        });
        if (!verified) throw new AppError(400, ACCOUNT_ERRORS.codeExpired);
        if (userId) await repo.setUserPhone(tx, userId, input.phone);
      }).catch((error: unknown) => {
        // Two accounts verifying one number at once: the unique index lets one win.
        if (uniqueViolation(error) === 'users_phone_key') throw new AppError(409, ACCOUNT_ERRORS.phoneInUse);
        throw error;
      });
      return { ok: true };
    },
  };
}

export type PhoneService = ReturnType<typeof createPhoneService>;
