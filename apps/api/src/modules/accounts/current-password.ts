import { ACCOUNT_ERRORS, TOO_MANY_REQUESTS } from '@keeb/shared';
import { AppError } from '../../platform/errors';
import { consume, type RateLimits } from '../../platform/rate-limit';
import { verifyPassword } from './passwords';

/** Wrong guesses per account and window, counted across removal, password change and email change. */
export const CURRENT_PASSWORD_GUESSES = 5;
const WINDOW_SECONDS = 15 * 60;

/**
 * The signed-in user's own password, asked again before removing the account or changing its password or email.
 * Guesses are counted per account (not per session or route), so a stolen session gets 5 tries in 15 minutes
 * whatever it calls; a wrong one answers `incorrect_password` (403: the session itself stays valid).
 */
export function createCurrentPasswordCheck(limits: RateLimits) {
  const failures = limits.create({ name: 'current-password-fail', points: CURRENT_PASSWORD_GUESSES, durationSeconds: WINDOW_SECONDS, blockSeconds: WINDOW_SECONDS });

  return async function checkCurrentPassword(userId: string, passwordHash: string | null, password: string, field: string): Promise<void> {
    // A guess is counted before the hash is compared and given back when it was right: parallel guesses each take
    // a point first, so a burst cannot slip more than the allowance past a read-then-count.
    if ((await consume(failures, userId)) > 0) throw new AppError(429, TOO_MANY_REQUESTS, { code: TOO_MANY_REQUESTS });
    if (await verifyPassword(passwordHash, password)) {
      await failures.reward(userId, 1);
      return;
    }
    throw new AppError(403, ACCOUNT_ERRORS.incorrectPassword, { field });
  };
}

export type CurrentPasswordCheck = ReturnType<typeof createCurrentPasswordCheck>;
