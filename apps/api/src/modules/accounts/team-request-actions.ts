/**
 * Messages to the team from anyone, signed in or not: the contact form (stored, and mailed to the team in the same
 * transaction) and a request for access while sign-up is limited to approved addresses. No state of its own.
 */
import { randomUUID } from 'node:crypto';
import { queueMail } from '../../adapters/mail/mail-queue';
import type { AccountsDeps } from './account-shared';
import { contactMail } from './mail-templates';
import * as repo from './repo';

export function createTeamRequestActions(deps: Pick<AccountsDeps, 'db' | 'config' | 'jobs'>) {
  const { db, config, jobs } = deps;

  return {
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
