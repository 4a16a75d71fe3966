import type { Tx } from '../../db/client';
import type { MailMessage } from '../../adapters/mail/mail';
import { queueMail } from '../../adapters/mail/mail-queue';
import type { JobQueue } from '../../platform/jobs/job-queue';
import * as mails from './mail-templates';
import * as repo from './repo';

type Contact = NonNullable<Awaited<ReturnType<typeof repo.contactOf>>>;

/** Removed users are told nothing; the others when they want offer mail. */
const wantsMail = (c: Contact | undefined): c is Contact => Boolean(c && !c.removedAt && c.prefs.offers !== false);

/** How the trades module tells its parties, shared by the lifecycle (service.ts) and the takedown (takedown.ts). */
export function createTradeNotices(jobs: JobQueue, tradeUrl: (tradeId: string) => string) {
  /** Queues a mail to the user (when they want offer mail) in the transaction, once per `key`. */
  async function tell(tx: Tx, userId: string, key: string, mail: (c: Contact) => MailMessage | Promise<MailMessage>) {
    const to = await repo.contactOf(tx, userId);
    if (wantsMail(to)) await queueMail(jobs, tx, key, await mail(to));
  }

  /** Closes the given trades (already moved): their events and both parties' mails. Answers whose counts moved. */
  async function tellClosed(tx: Tx, closed: repo.TradeRow[], reason: string): Promise<string[]> {
    const moved: string[] = [];
    for (const t of closed) {
      await repo.recordEvent(tx, t.id, 'closed', null);
      const name = await repo.itemName(tx, t.itemId);
      for (const userId of [t.sellerId, t.proposerId]) {
        await tell(tx, userId, `trade-closed:${t.id}:${userId}`, (c) => mails.closedMail(c.email, c.username, name, reason, tradeUrl(t.id)));
      }
      moved.push(t.sellerId, t.proposerId);
    }
    return moved;
  }

  return { tell, tellClosed };
}

export type TellClosed = ReturnType<typeof createTradeNotices>['tellClosed'];
