import { randomUUID } from 'node:crypto';
import { ACCOUNT_ERRORS } from '@keeb/shared';
import type { Database } from '../../db/client';
import { AppError } from '../../platform/errors';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { queueMail } from '../../adapters/mail/mail-queue';
import type { CurrentPasswordCheck } from './current-password';
import { passwordChangedMail } from './mail-templates';
import { hashPassword } from './passwords';
import * as repo from './repo';
import { endOtherSessionsOf } from './session';

export interface PasswordChangeDeps {
  db: Database;
  jobs: JobQueue;
  appUrl: string;
  checkCurrentPassword: CurrentPasswordCheck;
}

/**
 * Settings' password change: the current password first, then the new hash, the end of every other session of the
 * user (whoever else holds one must sign in again) and a mail to the account's address, all in one transaction.
 * Answers the session ids it ended, so the caller can close their sockets after the commit.
 */
export async function changePassword(
  deps: PasswordChangeDeps,
  userId: string,
  keepSessionId: string,
  input: { currentPassword: string; password: string },
): Promise<string[]> {
  const account = await repo.findAccount(deps.db, userId);
  if (!account) throw new AppError(401, ACCOUNT_ERRORS.mustLogin);
  await deps.checkCurrentPassword(userId, account.passwordHash, input.currentPassword, 'currentPassword');
  const passwordHash = await hashPassword(input.password);
  return deps.db.transaction(async (tx) => {
    await repo.updateUser(tx, userId, { passwordHash });
    const ended = await endOtherSessionsOf(tx, userId, keepSessionId);
    await queueMail(deps.jobs, tx, `password-changed:${randomUUID()}`, passwordChangedMail(account.email, account.username, `${deps.appUrl}/forgot-password`));
    return ended;
  });
}
