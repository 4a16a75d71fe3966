/**
 * The payment window after an acceptance: whether an item is held for a buyer (`held`, asked by the saver-offers
 * module), the seller's Give More Time (`extend`), and the window's two jobs, `expireJob` at its end and `warnJob`
 * a few hours before. All of them decide under the item's lock, which every checkout takes first, so a window's end
 * racing a Give More Time or a payment has one outcome. Built by `windowActions` from the deps and the shared steps
 * (steps.ts); no state of its own.
 */
import { effectiveStatus, OFFER_ERRORS, PAYMENT_ERRORS, PAYMENT_WINDOW_MS } from '@keeb/shared';
import type { Tx } from '../../db/client';
import { AppError } from '../../platform/errors';
import * as mails from './mail-templates';
import * as repo from './repo';
import { iso, type OfferSteps, type OffersDeps } from './steps';

export function windowActions(deps: OffersDeps, steps: OfferSteps) {
  const { db, jobs } = deps;
  const { notifyCounts, receivedUrl, sentUrl, tell, scheduleWindow, tellExpired, apply, requireOnSale } = steps;

  return {
    /**
     * Issue 29 (offers to savers): whether the item, locked in `tx`, is held for a buyer: an accepted offer in its
     * window (overdue ones are expired on the way, their buyers told, as accept does) or a payment in progress.
     */
    async held(tx: Tx, item: repo.LockedItem): Promise<boolean> {
      if (item.paymentStatus === 'pending' && (await repo.paymentInProgress(tx, item.id))) return true;
      await tellExpired(tx, await repo.expireOverdue(tx, item.id), item.name);
      return Boolean(await repo.liveAcceptedOffer(tx, item.id));
    },

    extend: (sellerId: string, offerId: string) =>
      apply('extend', sellerId, offerId, async (tx, offer, item) => {
        requireOnSale(item);
        // The answer to a refusal names the offer's state as read under the item's lock, which the expiry job and
        // every checkout also take first: the seller learns what happened, not just that it failed.
        const refusedAs = async (code: string) => {
          const now = await repo.findOffer(tx, offer.id);
          return new AppError(409, code, { status: now ? effectiveStatus(now.status, now.timeAccepted) : 'removed' });
        };
        // A checkout in progress started once the window had closed, so at the listing price (or by someone else):
        // reopening the offer now would let that payment close it, the buyer paying more than the offer.
        if (item.paymentStatus === 'pending' && (await repo.paymentInProgress(tx, item.id))) throw await refusedAs(PAYMENT_ERRORS.paymentPending);
        // Another offer accepted since (and still in its window) wins: the unique index answers offer_accepted.
        await tellExpired(tx, (await repo.expireOverdue(tx, item.id)).filter((o) => o.id !== offer.id), item.name);
        const timeAccepted = new Date();
        const row = await repo.transition(tx, offer.id, ['expired', 'accepted'], { status: 'accepted', timeAccepted, sellerActedAt: timeAccepted }, repo.overdue);
        if (!row) throw await refusedAs(OFFER_ERRORS.invalidState);
        await repo.recordEvent(tx, offer.id, 'extend', sellerId);
        await scheduleWindow(tx, offer.id, timeAccepted);
        return { _id: offer.id, status: row.status, timeAccepted: timeAccepted.toISOString() };
      }),

    /** The scheduled end of a payment window: expires the offer unless it was paid, extended or is being paid. */
    async expireJob(payload: { offerId: string; timeAccepted: string }) {
      let expired: repo.OfferRow | undefined;
      await db.transaction(async (tx) => {
        const seen = await repo.findOffer(tx, payload.offerId);
        if (!seen) return;
        const item = await repo.lockItem(tx, seen.itemId);
        if (!item || item.purchaserId) return;
        // Decided on the offer as it is under the item's lock (a Give More Time may have committed while this job
        // waited for it): only the window this job was scheduled for expires.
        const offer = await repo.findOffer(tx, payload.offerId);
        if (!offer || offer.status !== 'accepted' || iso(offer.timeAccepted) !== payload.timeAccepted) return;
        // The buyer is at the provider right now: the payment lock decides (its own reconciliation), not the clock.
        if (await repo.paymentInProgress(tx, item.id)) {
          await jobs.send('offer-expiry', payload, { tx, key: `${offer.id}:${payload.timeAccepted}:${Date.now()}`, startAfter: new Date(Date.now() + 10 * 60 * 1000) });
          return;
        }
        const row = await repo.transition(tx, offer.id, ['accepted'], { status: 'expired', sellerActedAt: new Date() }, repo.overdue);
        if (!row) return;
        await repo.recordEvent(tx, offer.id, 'expire', null);
        const [buyer, seller] = await Promise.all([repo.contactOf(tx, offer.buyerId), repo.contactOf(tx, offer.sellerId)]);
        await tell(tx, buyer, `offer-expired:${offer.id}:${payload.timeAccepted}`, (c) => mails.expiredBuyerMail(c.email, c.username, item.name, sentUrl(offer.id)));
        await tell(tx, seller, `offer-expired-seller:${offer.id}:${payload.timeAccepted}`, (c) => mails.expiredSellerMail(c.email, c.username, item.name, receivedUrl(offer.id)));
        expired = row;
      });
      // The buyer's count moves with an expiry (sellerActedAt); pushed to both, as either may be looking at Offers.
      if (expired) {
        notifyCounts(expired.buyerId);
        notifyCounts(expired.sellerId);
      }
    },

    /** A few hours before the window ends: reminds a buyer who has not paid yet. */
    async warnJob(payload: { offerId: string; timeAccepted: string }) {
      const offer = await repo.findOffer(db, payload.offerId);
      if (!offer || offer.status !== 'accepted' || iso(offer.timeAccepted) !== payload.timeAccepted) return;
      await db.transaction(async (tx) => {
        const item = await repo.lockItem(tx, offer.itemId);
        if (!item || item.purchaserId) return;
        const buyer = await repo.contactOf(tx, offer.buyerId);
        const hoursLeft = Math.max(1, Math.round((new Date(payload.timeAccepted).getTime() + PAYMENT_WINDOW_MS - Date.now()) / 3_600_000));
        await tell(tx, buyer, `offer-warning:${offer.id}:${payload.timeAccepted}`, (c) => mails.expiryWarningMail(c.email, c.username, item.name, hoursLeft, sentUrl(offer.id)));
      });
    },
  };
}
