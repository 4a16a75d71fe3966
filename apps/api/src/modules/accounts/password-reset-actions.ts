/**
 * A forgotten password: the reset link mailed (limited per address and per email, refused for our own domains),
 * the link's check, and the reset itself, which consumes the token, sets the new hash and ends every session in
 * one transaction, then tells the realtime hub. The two request limiters are this file's only state, and only the
 * request for a link uses them.
 */
import { ACCOUNT_ERRORS } from '@keeb/shared';
import { AppError } from '../../platform/errors';
import { queueMail } from '../../adapters/mail/mail-queue';
import { HOUR_MS, limitOrThrow, newToken, ourAddressCheck, tokenHash, type AccountsDeps } from './account-shared';
import { resetPasswordMail } from './mail-templates';
import { hashPassword } from './passwords';
import * as repo from './repo';
import { endAllSessionsOf } from './session';

const RESET_TTL_MS = 1 * HOUR_MS;

export function createPasswordResetActions(deps: Pick<AccountsDeps, 'db' | 'config' | 'jobs' | 'limits' | 'signedOutEverywhere'>) {
  const { db, config, jobs } = deps;
  const isOurAddress = ourAddressCheck(config);
  // Reset mails per email (nobody's mailbox gets flooded), and per address only as many as a NAT's people need
  // (the answer tells whether an email has an account: this keeps one address from testing many).
  const forgotPerEmail = deps.limits.create({ name: 'forgot-password-email', points: 5, durationSeconds: 60 * 60 });
  const forgotPerAddress = deps.limits.create({ name: 'forgot-password-address', points: 50, durationSeconds: 60 * 60 });

  return {
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
  };
}
