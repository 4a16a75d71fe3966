/**
 * What the items service's action files share, kept apart so none of them imports another: the deps the module is
 * built from (ItemsDeps), the link to an item page, the owner check that starts an edit, a removal and the owner's
 * copies, and the savers' mail queued in the transaction of an edit or a removal. Plain functions of the deps they
 * read: nothing here holds state.
 */
import { randomUUID } from 'node:crypto';
import { ITEM_ERRORS, type ItemDetail } from '@keeb/shared';
import type { Config } from '../../config';
import type { Database, Tx } from '../../db/client';
import { AppError } from '../../platform/errors';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { queueMail } from '../../adapters/mail/mail-queue';
import type { RateLimits } from '../../platform/rate-limit';
import { savedItemRemovedMail, savedItemUpdatedMail } from './mail-templates';
import * as repo from './repo';
import type { OffersService } from '../offers/service';
import type { TradesService } from '../trades/service';

export const DAY_MS = 24 * 60 * 60 * 1000;

export interface ItemsDeps {
  db: Database;
  config: Config;
  /** Mail is queued here, inside the transaction of the action it reports. */
  jobs: JobQueue;
  limits: RateLimits;
  /** Whether the user may list (confirmed email), from the accounts module. */
  emailConfirmed(userId: string): Promise<boolean>;
  /** The phone rule for listing (PHONE_VERIFICATION=listing|both), from the accounts module. */
  phoneVerified(userId: string): Promise<boolean>;
  /** Awards karma once per subject, from the accounts module. */
  awardKarma(userId: string, amount: number, subjectId: string): Promise<void>;
  /** The offers module: what blocks a removal, closing the offers of a removed item, and a raised guardrail floor. */
  offers: Pick<OffersService, 'blockingCount' | 'settle' | 'countsMoved' | 'declineBelowFloor'>;
  /** Removing a listing closes its pending trades (issue 28). */
  trades: Pick<TradesService, 'closeTradesForItems' | 'closeForTakedown'>;
  /** Issue 29: the owner's offer-to-savers status on their item page (the saver-offers module); left out, none. */
  saverOfferStatus?: (itemId: string) => Promise<NonNullable<ItemDetail['saverOffer']>>;
}

/** The link to an item's page, in mails. */
export const itemUrl = (config: Pick<Config, 'appUrl'>, id: string) => `${config.appUrl}/detail/${id}`;

/** The item, not removed, when `userId` is its seller: 404 when there is none, 403 when it is someone else's. */
export async function ownedItem(db: Database, userId: string, itemId: string) {
  const item = await repo.findItem(db, itemId);
  if (!item) throw new AppError(404, ITEM_ERRORS.notFound);
  if (item.sellerId !== userId) throw new AppError(403, ITEM_ERRORS.forbidden);
  return item;
}

/** Queues one mail per saver who wants it, in the transaction of the change (one key per change and saver). */
export async function notifySavers({ jobs, config }: Pick<ItemsDeps, 'jobs' | 'config'>, tx: Tx, itemId: string, itemName: string, kind: 'updatedSavedItem' | 'removedSavedItem') {
  const change = randomUUID();
  for (const s of await repo.saversToNotify(tx, itemId, kind)) {
    const mail = kind === 'updatedSavedItem' ? savedItemUpdatedMail(s.email, s.username, itemName, itemUrl(config, itemId)) : savedItemRemovedMail(s.email, s.username, itemName);
    await queueMail(jobs, tx, `${kind}:${change}:${s.email}`, mail);
  }
}
