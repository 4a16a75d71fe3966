import { randomUUID } from 'node:crypto';
import type { UpdatesMailInput } from '@keeb/shared';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../platform/jobs/job-queue';
import type { JobPayloads } from '../../platform/jobs/queues';
import type { Logger } from '../../platform/logger';
import { queueMail } from '../../adapters/mail/mail-queue';
import { updatesMail } from './mail-templates';
import * as repo from './repo';

/** Recipients per 'updates-mail' job: one short transaction each, however many users opted in. */
export const UPDATES_PAGE = 200;

export interface NewsDeps {
  db: Database;
  config: Config;
  jobs: JobQueue;
  logger: Logger;
}

export function createNewsService(deps: NewsDeps) {
  const { db, config, jobs } = deps;

  return {
    /**
     * Queues the fan-out and answers at once: the request never waits on the number of recipients. Each call is
     * a new letter (its own id); the mails of one letter are deduplicated per recipient.
     */
    async sendUpdates(adminId: string, input: UpdatesMailInput) {
      const newsId = randomUUID();
      await jobs.send('updates-mail', { newsId, subject: input.subject, body: input.body }, { key: `updates:${newsId}` });
      deps.logger.info({ newsId, adminId }, 'product news queued');
      return { ok: true as const };
    },

    /** The 'updates-mail' job: mails one page of opted-in users and queues the next page in the same transaction. */
    async updatesJob(payload: JobPayloads['updates-mail']) {
      const { newsId, subject, body, afterUserId } = payload;
      const page = await repo.updatesRecipients(db, afterUserId, UPDATES_PAGE);
      const settingsUrl = `${config.appUrl}/settings`;
      await db.transaction(async (tx) => {
        for (const user of page) {
          await queueMail(jobs, tx, `updates:${newsId}:${user.id}`, updatesMail(user.email, user.username, subject, body, settingsUrl));
        }
        const last = page.at(-1);
        if (last && page.length === UPDATES_PAGE) {
          await jobs.send('updates-mail', { newsId, subject, body, afterUserId: last.id }, { key: `updates:${newsId}:after:${last.id}`, tx });
        }
      });
    },
  };
}

export type NewsService = ReturnType<typeof createNewsService>;
