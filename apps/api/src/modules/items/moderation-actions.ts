/**
 * A listing taken off sale or put on it: the seller's removal and the admins' moderation (the approval queue,
 * approve with its karma and the followers' fan-out job, reject). Both take-downs work under the item's lock in one
 * transaction: a removal is refused while a payment, a blocking offer or an accepted trade holds the listing, else
 * closes its offers and trades and mails its savers; a rejection ends the trades holding it and closes its offers
 * (only a pending payment refuses it) and mails the seller. No state of its own.
 */
import { randomUUID } from 'node:crypto';
import { centsToDollars, formatPrice, ITEM_ERRORS, ITEM_PAGE_SIZE, KARMA, PAYMENT_ERRORS, TRADE_ERRORS, type ItemDetail } from '@keeb/shared';
import { AppError } from '../../platform/errors';
import { queueMail } from '../../adapters/mail/mail-queue';
import { toDetail } from './item-detail';
import { followedSellerListedMail, listingRejectedMail } from './mail-templates';
import * as repo from './repo';
import { itemUrl, notifySavers, ownedItem, type ItemsDeps } from './service-shared';

/** Karma a seller earns when a listing is approved (once per listing; see docs/decisions/0047-karma.md). */
export const LISTING_KARMA = KARMA.listing;
/** Followers mailed per 'seller-listed' job: one short transaction each, whatever the seller's following. */
export const FOLLOWER_MAIL_PAGE = 200;

export function createModerationActions(deps: Pick<ItemsDeps, 'db' | 'config' | 'jobs' | 'awardKarma' | 'offers' | 'trades'>) {
  const { db, config, jobs } = deps;

  return {
    async remove(userId: string, itemId: string) {
      const item = await ownedItem(db, userId, itemId);
      // A sold item leaves the seller's lists but stays, with its buyer, for the buyer's records.
      let moved: string[] = [];
      await db.transaction(async (tx) => {
        // Under the item's lock, so no offer can be accepted or payment start between the check and the removal.
        const locked = await repo.lockItem(tx, itemId);
        if (!locked || locked.removedAt) throw new AppError(404, ITEM_ERRORS.notFound);
        if (locked.paymentStatus === 'pending' || (await deps.offers.blockingCount(tx, itemId)) > 0) throw new AppError(409, ITEM_ERRORS.offerPending);
        // Held by an accepted trade: the other side is counting on it until the trade is cancelled or done.
        if (locked.tradeId && !locked.purchaserId) throw new AppError(409, TRADE_ERRORS.tradePending);
        await repo.updateItem(tx, itemId, { removedAt: new Date() });
        if (!item.purchaserId) {
          moved = await deps.offers.settle(tx, itemId, item.name, null);
          moved.push(...(await deps.trades.closeTradesForItems(tx, [itemId], 'item_removed')));
          await notifySavers(deps, tx, itemId, item.name, 'removedSavedItem');
        }
      });
      deps.offers.countsMoved(moved);
      return { ok: true };
    },

    /** The admins' queue: pending listings oldest first, keyset on timeListed (and id). */
    async approvalQueue(after: Date | undefined): Promise<ItemDetail[]> {
      const ids = (await repo.approvalPage(db, { after, limit: ITEM_PAGE_SIZE })).map((r) => r.id);
      const [rows, shipping] = await Promise.all([repo.itemsWithSellers(db, ids), repo.shippingOfItems(db, ids)]);
      const byId = new Map(rows.map((r) => [r.item.id, r]));
      return ids.flatMap((id) => {
        const row = byId.get(id);
        if (!row) return [];
        return [
          toDetail({ ...row.item, tradePending: row.item.tradeId !== null && row.item.tradedAt === null }, {
            forOwner: false,
            withTimestamp: true,
            shipping: shipping.filter((s) => s.itemId === id),
            isFollowing: false,
            comments: [],
            // A listing awaiting approval was never sold, so never rated.
            isSellerReviewed: false,
            // The queue shows who listed it; the full seller block is on the item page.
            seller: { _id: row.item.sellerId, username: row.sellerUsername, avatar: row.sellerAvatar, reddit: { isLinked: false, transactions: { count: 0 } }, shippingRegion: null, transactions: 0 },
          }),
        ];
      });
    },

    async approve(itemId: string) {
      const item = await repo.findItem(db, itemId);
      if (!item) throw new AppError(404, ITEM_ERRORS.notFound);
      await db.transaction(async (tx) => {
        // On sale from now: it tops the feed, whatever time it was first submitted.
        await repo.updateItem(tx, itemId, { approvalStatus: 'approved', timeListed: new Date() });
        // One fan-out job per listing going on sale; a second approve (a double click, two admins) queues nothing.
        if (item.approvalStatus !== 'approved') {
          await jobs.send('seller-listed', { itemId }, { key: `seller-listed:${itemId}`, tx });
          // Wants are matched in the queue, never in this request (issue 16).
          await jobs.send('want-match', { itemId }, { key: `want-match:${itemId}:approved`, tx });
        }
      });
      await deps.awardKarma(item.sellerId, LISTING_KARMA, itemId);
      return { _id: itemId, approvalStatus: 'approved' as const };
    },

    /**
     * The 'seller-listed' job: mails one page of the seller's followers, and queues the next page in the same
     * transaction. Every key is derived from the item and the follower, so a page run again queues nothing twice.
     */
    async sellerListedJob({ itemId, after }: { itemId: string; after?: repo.FollowerCursor }) {
      const item = await repo.findItem(db, itemId);
      // Rejected, removed or sold since it was approved: nothing to announce any more.
      if (!item || item.approvalStatus !== 'approved' || item.purchaserId) return;
      const seller = await repo.userContact(db, item.sellerId);
      if (!seller || seller.removedAt) return;
      const page = await repo.followersToNotify(db, item.sellerId, after, FOLLOWER_MAIL_PAGE);
      const price = formatPrice(centsToDollars(item.priceCents));
      await db.transaction(async (tx) => {
        for (const f of page) {
          await queueMail(jobs, tx, `seller-listed:${itemId}:${f.followerId}`, followedSellerListedMail(f.email, f.username, seller.username, item.name, price, itemUrl(config, itemId)));
        }
        const last = page.at(-1);
        if (last && page.length === FOLLOWER_MAIL_PAGE) {
          const next = { createdAt: last.createdAt, followerId: last.followerId };
          await jobs.send('seller-listed', { itemId, after: next }, { key: `seller-listed:${itemId}:${next.createdAt}:${next.followerId}`, tx });
        }
      });
    },

    async reject(itemId: string) {
      const item = await repo.findItem(db, itemId);
      if (!item) throw new AppError(404, ITEM_ERRORS.notFound);
      const seller = await repo.userContact(db, item.sellerId);
      let moved: string[] = [];
      await db.transaction(async (tx) => {
        // Issue 36: a rejected listing takes no trade, offer or payment further: the trades holding or naming it end
        // (taking its lock with theirs), its open offers close, and a checkout at the provider decides first (409).
        moved = await deps.trades.closeForTakedown(tx, itemId);
        if ((await repo.lockItem(tx, itemId))?.paymentStatus === 'pending') throw new AppError(409, PAYMENT_ERRORS.paymentPending);
        await repo.updateItem(tx, itemId, { approvalStatus: 'rejected' });
        if (!item.purchaserId) moved.push(...(await deps.offers.settle(tx, itemId, item.name, null)));
        if (seller && !seller.removedAt) {
          await queueMail(jobs, tx, `listing-rejected:${randomUUID()}`, listingRejectedMail(seller.email, seller.username, item.name, `${config.appUrl}/edit-item/${itemId}`));
        }
      });
      deps.offers.countsMoved([...new Set(moved)]);
      return { _id: itemId, approvalStatus: 'rejected' as const };
    },
  };
}
