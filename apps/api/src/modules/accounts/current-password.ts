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
    const state = await failures.get(userId);
    if (state !== null && state.consumedPoints >= failures.points) throw new AppError(429, TOO_MANY_REQUESTS, { code: TOO_MANY_REQUESTS });
    if (await verifyPassword(passwordHash, password)) return;
    await consume(failures, userId);
    throw new AppError(403, ACCOUNT_ERRORS.incorrectPassword, { field });
  };
}

export type CurrentPasswordCheck = ReturnType<typeof createCurrentPasswordCheck>;
