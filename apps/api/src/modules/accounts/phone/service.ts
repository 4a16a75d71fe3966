import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js';
import { ACCOUNT_ERRORS, SMS_CODE_LENGTH } from '@keeb/shared';
import type { Config } from '../../../config';
import type { Database, Queryable } from '../../../db/client';
import { uniqueViolation } from '../../../platform/db-errors';
import { AppError } from '../../../platform/errors';
import { ProviderError } from '../../../platform/provider-http';
import { consume, type RateLimits } from '../../../platform/rate-limit';
import { SmsRecipientError, type SmsSender } from '../../../platform/sms';
import * as repo from './repo';

/** What the verified phone unlocks (spec 4): signing up, or listing an item. */
export type PhoneVerificationType = 'signup' | 'itemSell';

const CODE_TTL_MINUTES = 10;
const RESEND_AFTER_SECONDS = 60;
/** Wrong guesses a code survives: 5 in a million chances per code sent. */
const MAX_ATTEMPTS = 5;
const TEXTS_PER_NUMBER_PER_HOUR = 5;
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
  // However many addresses ask, one phone gets at most a few texts an hour: nobody can flood a stranger's phone.
  const perNumber = deps.limits.create({ name: 'sms-per-number', points: TEXTS_PER_NUMBER_PER_HOUR, durationSeconds: 60 * 60 });

  return {
    /** Texts a new 6-digit code to `phone` (already normalised), unless one went out within the last minute. */
    async send(phone: string, userId: string | undefined): Promise<{ ok: true }> {
      // One account per number at a time: a number that verifies another account gets no code (and costs no text).
      if (await repo.phoneHolder(db, phone, userId ?? null)) throw new AppError(400, ACCOUNT_ERRORS.phoneInUse);
      if (await repo.hasRecentCode(db, phone, RESEND_AFTER_SECONDS)) throw new AppError(429, ACCOUNT_ERRORS.codeAlreadySent);
      if ((await consume(perNumber, phone)) > 0) throw new AppError(429, ACCOUNT_ERRORS.codeAlreadySent);
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
        // A code nobody received must not hold back the next attempt for a minute.
        await repo.deleteCode(db, id);
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
