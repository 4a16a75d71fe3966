import { centsToDollars, formatPrice, SELLER_TOOL_TEXTS } from '@keeb/shared';
import type { Config } from '../../config';
import type { Database, Tx } from '../../db/client';
import { queueMails } from '../../adapters/mail/mail-queue';
import type { JobQueue } from '../../platform/jobs/job-queue';
import type { RealtimeHub } from '../../realtime/hub';
import { savedItemUpdatedMail } from './mail-templates';
import * as repo from './price-drop-repo';

/** What an edit's price change means for the listing's savers. */
export type PriceChange =
  /** A drop they hear of now: the 'price-drop-notice' job is queued with the edit. */
  | 'notice'
  /** A drop within a day of the last notice: recorded for the Saved tab, nobody told. */
  | 'quiet'
  /** No drop (same price, a raise, or a listing not on sale): the edit's usual saved-item mail. */
  | 'none';

/**
 * Issue 29, in the edit's transaction before its update: a lower price on a public listing records the drop
 * (the price before it; within the quiet day the highest price of the drops since the notice, so the Saved tab
 * reads 'from $120 to $90' after $120 -> $100 -> $90) and, at most once per priceDropNoticeHours, queues the
 * notice. A higher price clears the drop.
 */
export async function recordPriceChange(tx: Tx, jobs: JobQueue, itemId: string, newPriceCents: number): Promise<PriceChange> {
  const state = await repo.lockPriceState(tx, itemId);
  if (!state) return 'none';
  if (newPriceCents > state.priceCents) {
    if (state.droppedFromCents !== null) await repo.clearDrop(tx, itemId);
    return 'none';
  }
  if (newPriceCents === state.priceCents || !state.isPublic) return 'none';
  if (!state.noticeDue) {
    await repo.recordDrop(tx, itemId, Math.max(state.droppedFromCents ?? 0, state.priceCents), false);
    return 'quiet';
  }
  const at = await repo.recordDrop(tx, itemId, state.priceCents, true);
  // Keyed by the notice's time: a retried edit transaction queues it once, the next day's drop its own.
  await jobs.send('price-drop-notice', { itemId }, { key: `price-drop-notice:${itemId}:${at}`, tx });
  return 'notice';
}

export interface PriceDropDeps {
  db: Database;
  config: Config;
  jobs: JobQueue;
  hub: Pick<RealtimeHub, 'toUsers'>;
}

export function createPriceDropNotices({ db, config, jobs, hub }: PriceDropDeps) {
  return {
    /**
     * The 'price-drop-notice' job: every saver but the seller gets the `savedItemUpdate` push, and those who take
     * saved-item mail the saved-item mail with the drop in it, one per saver and notice (keyed by both). Nothing
     * when the listing left the sale or its price went back up meanwhile.
     */
    async noticeJob({ itemId }: { itemId: string }): Promise<void> {
      const item = await db.transaction(async (tx) => {
        const listing = await repo.droppedListing(tx, itemId);
        if (!listing || listing.fromCents === null || !listing.notifiedAt) return undefined;
        const savers = await repo.saversOf(tx, itemId, listing.sellerId);
        const news = `${SELLER_TOOL_TEXTS.priceDropped(formatPrice(centsToDollars(listing.fromCents)), formatPrice(centsToDollars(listing.priceCents)))}.`;
        const url = `${config.appUrl}/detail/${itemId}`;
        const notice = listing.notifiedAt.toISOString();
        await queueMails(
          jobs,
          tx,
          savers.filter((s) => s.mailable).map((s) => ({ key: `price-drop:${itemId}:${notice}:${s.userId}`, message: savedItemUpdatedMail(s.email, s.username, listing.name, url, news) })),
        );
        return { listing, saverIds: savers.map((s) => s.userId) };
      });
      if (!item || item.saverIds.length === 0) return;
      const { listing } = item;
      const [from, to] = [formatPrice(centsToDollars(listing.fromCents!)), formatPrice(centsToDollars(listing.priceCents))];
      hub.toUsers(item.saverIds, 'savedItemUpdate', {
        kind: 'priceDrop',
        item: { _id: listing.id, name: listing.name, thumbnail: listing.thumbnail, price: centsToDollars(listing.priceCents) },
        text: `${SELLER_TOOL_TEXTS.priceDropped(from, to)}: ${listing.name}`,
        // The web's item page is /detail/{id} (as in every mail's link).
        path: `/detail/${listing.id}`,
      });
    },
  };
}
