import type { Queue } from 'pg-boss';
import type { MailJob } from '../../adapters/mail/mail-job';

/**
 * Every background job the API runs, by queue name, with its payload. A module that needs one adds its queue
 * here (payload type and settings), then registers a handler with `jobs.handle(name, ...)` where it is wired.
 */
export interface JobPayloads {
  mail: MailJob;
  /** The end of an accepted offer's payment window (offers module); the window is named by its start. */
  'offer-expiry': { offerId: string; timeAccepted: string };
  /** The reminder a few hours before that end. */
  'offer-expiry-warning': { offerId: string; timeAccepted: string };
  /** The end of an accepted trade's 24 hours to pay its cash (trades module); the window is named by its start. */
  'trade-expiry': { tradeId: string; acceptedAt: string };
  /**
   * A purchase whose payment lock has run out, or whose outcome is unknown: asks the provider, then settles it.
   * `captureCheck`: the check of a capture claim (payments/capture-lease.ts), which only looks at a claim still
   * `capturing`: settles it if its process died, else looks again.
   */
  'payment-reconcile': { purchaseId: string; captureCheck?: boolean };
  /** A verified provider webhook event, stored in payment_events, to apply to our records. */
  'payment-webhook': { eventId: string };
  /** The end of a 15-minute window with unread messages in a conversation (chat module): mails the recipient. */
  'message-mail': { conversationId: string; recipientId: string; window: number };
  /**
   * A listing just approved (items module): mails one page of the seller's followers who want followedSellerListed
   * mail, then queues the next page after `after` (the last follower mailed) in the same transaction.
   */
  'seller-listed': { itemId: string; after?: { createdAt: string; followerId: string } };
  /** Product news from an admin (news module): mails one page of the users who opted in to updates, then the next. */
  'updates-mail': { newsId: string; subject: string; body: string; afterUserId?: string };
  /**
   * A listing went on sale, or an approved listing was edited (name, price, shipping...): matches it against
   * every want (wants module), records each new match once, pushes, and queues 'want-alerts' for the mails.
   */
  'want-match': { itemId: string };
  /** One run of a listing's new matches (named by their created_at): queues their mails and digest jobs. */
  'want-alerts': { itemId: string; matchedAt: string };
  /** One user's daily digest of want matches held for it (queued once per user and day, run at the day's end). */
  'want-digest': { userId: string };
  /** The reminder a week before a want lapses; the want is named with the expiry it was queued for. */
  'want-expiry-warning': { wantId: string; expiresAt: string };
  /**
   * An order's deadline (orders module, issue 26), queued when the order enters the state it belongs to and a no-op
   * once the order has moved on: the seller's reminder at 48 hours and 'Late' at 72 (from payment), the buyer's
   * reminder at 10 days and the automatic confirmation at 14 (from shipping).
   */
  'order-deadline': { orderId: string; kind: 'ship-reminder' | 'late' | 'receive-reminder' | 'auto-receive' };
  /** An order's tracking, sent to the payment provider (PayPal's /track) after the seller marked it shipped. */
  'order-tracking-sync': { orderId: string };
  /**
   * A day after an upload (issue 27): deletes the uploads older than a day that no listing, avatar or post uses
   * (modules/uploads). Named by the upload that queued it; each run sweeps every upload then due.
   */
  'upload-orphan': { key: string };
  /** An offer to savers just sent (issue 29, modules/saver-offers): pushes it to its recipients and mails them. */
  'saver-offer-sent': { saverOfferId: string };
  /** An offer to savers just taken: tells its other recipients that it is gone (a push). */
  'saver-offer-gone': { saverOfferId: string };
  /**
   * Issue 29: the end of a seller's away mode, queued by PUT /api/me/away for `until` (modules/accounts/away). Clears
   * away_until only if it has come: a later PUT queued its own job, a DELETE ended it already.
   */
  'away-return': { userId: string; until: string };
  /** Issue 29: a listing's price dropped (items module): tells each saver once, by push and mail. */
  'price-drop-notice': { itemId: string };
  /**
   * Issue 36: a removed account's orders keep their ship-to for the seller until 90 days after closing (issue 26's
   * rule); queued by the removal for the last of them, it erases what is past that (modules/accounts/removal.ts).
   */
  'removed-ship-to': { userId: string };
}
export type JobName = keyof JobPayloads;

export type QueueSettings = Omit<Queue, 'name' | 'deadLetter'> & {
  /** Where a job goes once its retries are spent: kept there (no worker) for inspection and redrive. */
  deadLetter?: { name: string; retentionSeconds: number };
};

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The trade jobs (offer windows, payment reconciliation, webhooks): each is idempotent (a conditional update on
 * the state it expects), so a retry after a crash or a provider outage is harmless. A provider outage clears in
 * minutes to hours: 10 s first, doubling, at most 30 minutes apart.
 */
const TRADE_JOB: QueueSettings = {
  policy: 'standard',
  retryLimit: 30,
  retryDelay: 10,
  retryBackoff: true,
  retryDelayMax: 30 * MINUTE,
  expireInSeconds: 2 * MINUTE,
  heartbeatSeconds: 10,
  retentionSeconds: 30 * DAY,
  deleteAfterSeconds: DAY,
  notify: true,
};
/**
 * The settings of each queue; why each number is what it is: docs/decisions/0099-queue-mail.md (the mail queue),
 * 0100-retention-of-sent-mail-one-hour.md and 0101-workers.md (the rest of the old "Platform: jobs": 0096 to 0105).
 */
export const QUEUES: { [N in JobName]: QueueSettings } = {
  mail: {
    policy: 'standard',
    // Transient SMTP trouble clears in seconds, an outage in hours: 5-10 s first, doubling, at most an hour
    // apart, 20 retries (at least ~11 h of trying) before the job moves to the dead-letter queue.
    retryLimit: 20,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: HOUR,
    // A send is bounded by the transport's own timeouts (adapters/mail/mail.ts), well under this.
    expireInSeconds: 2 * MINUTE,
    // A process that dies mid-send stops beating: its jobs are retried ~10 s later, not after expireInSeconds.
    heartbeatSeconds: 10,
    // A queued mail is never dropped for age while it is being retried.
    retentionSeconds: 14 * DAY,
    // A sent mail's job (and with it the link it carried) leaves the database after an hour; the dedupe key
    // only has to outlive the retries of whatever enqueued it, which take minutes.
    deleteAfterSeconds: HOUR,
    notify: true,
    deadLetter: { name: 'mail_dead', retentionSeconds: 30 * DAY },
  },
  'offer-expiry': TRADE_JOB,
  'offer-expiry-warning': TRADE_JOB,
  'trade-expiry': TRADE_JOB,
  'payment-reconcile': { ...TRADE_JOB, deadLetter: { name: 'payment_reconcile_dead', retentionSeconds: 90 * DAY } },
  'payment-webhook': { ...TRADE_JOB, deadLetter: { name: 'payment_webhook_dead', retentionSeconds: 90 * DAY } },
  // Reads and queues a mail: idempotent (the mail's own key), and a retry hours later is still worth sending
  // while the messages are unread. Kept a day after completion so its window's key keeps deduplicating.
  'message-mail': TRADE_JOB,
  // Fan-outs: each page's mails and the next page's job commit together, and every key is deterministic, so a
  // retried page queues nothing twice. Kept a day after completion so a page's key keeps deduplicating.
  'seller-listed': TRADE_JOB,
  'updates-mail': TRADE_JOB,
  // Matching reads and inserts with ON CONFLICT DO NOTHING (want_matches' primary key), so a retry alerts nobody
  // twice; the alerts' mails and digests are keyed, and the digest and the reminder check the state they were
  // queued for.
  'want-match': TRADE_JOB,
  'want-alerts': TRADE_JOB,
  'want-digest': TRADE_JOB,
  'want-expiry-warning': TRADE_JOB,
  'order-deadline': TRADE_JOB,
  'order-tracking-sync': { ...TRADE_JOB, deadLetter: { name: 'order_tracking_sync_dead', retentionSeconds: 90 * DAY } },
  // Checks before it deletes, and deleting an object already gone is no error, so a retry (a store that was
  // down) is harmless; waits a day in 'created', well inside the 30-day retention.
  'upload-orphan': TRADE_JOB,
  // The mails are keyed per offer and recipient, so a retry mails nobody twice; a retried push repeats a notice
  // already shown, which is harmless.
  'saver-offer-sent': TRADE_JOB,
  'saver-offer-gone': TRADE_JOB,
  // A conditional update (only an away_until that has come), and the re-matching it queues is keyed by the return.
  'away-return': TRADE_JOB,
  // Its mails are keyed by the notice and the saver, so a retry mails nobody twice (a retried push is harmless).
  'price-drop-notice': TRADE_JOB,
  // An update of what is past its 90 days (idempotent); it waits up to 90 days in 'created', so it is kept longer.
  'removed-ship-to': { ...TRADE_JOB, retentionSeconds: 120 * DAY },
};

/** How workers fetch: a batch per poll, settled job by job (perJobResults), so one failure retries only itself. */
export const WORKER = {
  batchSize: 10,
  /** Two fetch loops per queue and process: a batch waiting on a slow SMTP server does not hold up the next. */
  localConcurrency: 2,
  /** A full batch means more are waiting: fetch the next at once instead of after the polling interval. */
  burstWhenBatchFull: true,
  /** Used when LISTEN/NOTIFY is unavailable; with it, a commit wakes the workers at once. */
  pollingIntervalSeconds: 1,
  /** With LISTEN/NOTIFY, the backstop that also picks up retries and scheduled jobs when they come due. */
  notifyPollingIntervalSeconds: 2,
} as const;
