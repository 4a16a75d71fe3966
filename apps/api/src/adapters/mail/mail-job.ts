import type { MailMessage } from './mail';

/**
 * A mail job: the rendered message, and its dedupe key as the stable id every attempt sends it under. On its own
 * so the job table (platform/jobs/queues.ts) can name it without importing the mail queue, which imports the jobs.
 */
export interface MailJob {
  message: MailMessage;
  id: string;
  /** When it was queued (ISO): the message's Date, and the order of the outbox files. */
  queuedAt: string;
}
