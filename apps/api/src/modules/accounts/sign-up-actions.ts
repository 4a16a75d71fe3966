/**
 * Becoming a member: sign-up (captcha, reserved names and our own addresses, the approved-only mode, the phone rule;
 * the account and its confirmation mail in one transaction, with the unique constraints as the last guard against
 * a race; the admin bootstrap after), then confirming the address (the first confirmation credits the referrer)
 * and resending the link. The resend rate limiter is this file's only state, and only the resend uses it.
 */
import { ACCOUNT_ERRORS, RESERVED_USERNAMES } from '@keeb/shared';
import { uniqueViolation } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';
import { adminBootstrapAtSignup } from './admin';
import { limitOrThrow, ourAddressCheck, sendConfirmation, tokenHash, type AccountsDeps } from './account-shared';
import { hashPassword } from './passwords';
import * as repo from './repo';

export function createSignUpActions(deps: Pick<AccountsDeps, 'db' | 'config' | 'jobs' | 'captcha' | 'limits' | 'phoneVerifiedForSignup'>) {
  const { db, config, captcha } = deps;
  const isOurAddress = ourAddressCheck(config);
  const resendLimit = deps.limits.create({ name: 'resend-confirmation', points: 5, durationSeconds: 60 * 60 });

  return {
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
          await sendConfirmation(deps, tx, created);
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

    async resendConfirmation(userId: string) {
      await limitOrThrow(resendLimit, userId);
      const account = await repo.findAccount(db, userId);
      if (!account) throw new AppError(401, ACCOUNT_ERRORS.mustLogin);
      if (account.emailConfirmedAt === null) await db.transaction((tx) => sendConfirmation(deps, tx, account));
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
  };
}
