import path from 'node:path';
import type { Tx } from '../../db/client';
import type { JobQueue } from '../../platform/jobs/job-queue';
import type { Mailer, MailMessage } from './mail';
import { openSentLedger } from './mail-ledger';
import type { MailJob } from './mail-job';

export type { MailJob } from './mail-job';

/**
 * Queues a mail inside the caller's transaction, so a rolled-back action sends nothing and the request answers
 * without waiting for SMTP. `key` names the event the mail is about (a token, a comment, an action): the same
 * key queues one job and, on every attempt, the same Message-ID, so a retry after a crash mid-send is
 * recognisable downstream as the same message.
 */
export async function queueMail(jobs: JobQueue, tx: Tx, key: string, message: MailMessage): Promise<void> {
  await jobs.send('mail', { message, id: key, queuedAt: new Date().toISOString() }, { key, tx });
}

/** queueMail for many mails at once (a fan-out): one statement, each mail kept or skipped by its own key. */
export async function queueMails(jobs: JobQueue, tx: Tx, mails: Array<{ key: string; message: MailMessage }>): Promise<void> {
  const queuedAt = new Date().toISOString();
  // One job per key, as queueMail would keep (pg-boss refuses a batch naming one id twice).
  const byKey = new Map(mails.map((m) => [m.key, m.message]));
  await jobs.sendMany('mail', [...byKey].map(([key, message]) => ({ key, payload: { message, id: key, queuedAt } })), { tx });
}

/**
 * Delivers a mail job through the Mailer; a failed delivery throws, and the queue retries it with backoff. With a
 * data dir, a job whose message the ledger there shows as already accepted (a crash came between acceptance and
 * the job's completion) completes without sending it again.
 */
export function registerMailWorker(jobs: JobQueue, mailer: Mailer, dataDir?: string): void {
  const ledger = dataDir ? openSentLedger(path.join(dataDir, 'mail-sent')) : undefined;
  jobs.handle('mail', async (job) => {
    if (ledger?.has(job.id)) return;
    await mailer.send({ ...job.message, id: job.id, date: new Date(job.queuedAt) });
    ledger?.record(job.id);
  });
}
