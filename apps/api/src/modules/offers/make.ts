/**
 * Making an offer: a buyer's new offer (`make`: rate limits, the listing's floor and auto-accept price, the seller's
 * and savers' mails), and an offer to savers taken by a buyer (`acceptSaverOffer`, called by the saver-offers
 * module), which is an offer made and accepted at once. The new-offers rate limiter is created here, once per
 * service, as only `make` consumes it. Built by `makeActions` from the deps and the shared steps (steps.ts).
 */
import { centsToDollars, dollarsToCents, OFFER_ERRORS, OFFER_TRANSITIONS, TOO_MANY_REQUESTS, type MadeOffer } from '@keeb/shared';
import type { Tx } from '../../db/client';
import { uniqueViolation } from '../../platform/db-errors';
import { assertNotAway } from '../accounts/away/away';
import { AppError } from '../../platform/errors';
import { queueMail } from '../../adapters/mail/mail-queue';
import { consume } from '../../platform/rate-limit';
import * as mails from './mail-templates';
import * as repo from './repo';
import { iso, type OfferSteps, type OffersDeps } from './steps';

/** New offers per buyer per hour: room for real haggling, none for spraying every listing with lowballs. */
const OFFERS_PER_HOUR = 30;
/** Offers one buyer may have declined by a listing's floor per day before their next offer on it waits. */
export const AUTO_DECLINES_PER_DAY = 3;

export function makeActions(deps: OffersDeps, steps: OfferSteps) {
  const { db, jobs } = deps;
  const { notifyCounts, itemUrl, receivedUrl, sentUrl, tell, scheduleWindow, autoAccept, requireOnSale } = steps;
  const offerLimit = deps.limits.create({ name: 'offers', points: OFFERS_PER_HOUR, durationSeconds: 3600 });

  return {
    /**
     * Issue 29: an offer to savers taken by `buyerId`, in `tx` (which holds the item's lock and checked that the item
     * is on sale and not held): the offer the buyer would have made at `priceCents`, accepted as the seller's accept
     * would (the payment window and its jobs, the events, the buyer's mail), shipping from the listing to the buyer's
     * region (409 no_shipping otherwise). The buyer's own pending or countered offer on the item is closed first: the
     * seller's price to savers supersedes it (docs/decisions/0450-the-takers-own-open-offer.md).
     * offers_one_accepted_per_item stays the last guard (the caller maps its violation). Answers the offer and whose
     * counts moved (countsMoved after the commit).
     */
    async acceptSaverOffer(tx: Tx, item: repo.LockedItem, buyerId: string, priceCents: number): Promise<{ offerId: string; timeAccepted: Date; moved: string[] }> {
      const buyer = await repo.contactOf(tx, buyerId);
      if (!buyer || buyer.removedAt) throw new AppError(401, OFFER_ERRORS.forbidden);
      if (!buyer.emailConfirmedAt) throw new AppError(403, OFFER_ERRORS.confirmEmail);
      const shipping = buyer.regionCode ? await repo.shippingTo(tx, item.id, buyer.regionCode) : undefined;
      if (shipping === undefined || !buyer.regionCode) throw new AppError(409, OFFER_ERRORS.noShipping);
      const moved = new Set<string>([buyerId, item.sellerId]);
      const open = await repo.openOfferOf(tx, item.id, buyerId);
      if (open) {
        const closed = await repo.transition(tx, open.id, OFFER_TRANSITIONS.close.from, { status: 'closed' });
        if (closed) await repo.recordEvent(tx, closed.id, 'close', null);
      }
      const offer = await repo.insertOffer(tx, { itemId: item.id, buyerId, sellerId: item.sellerId, priceCents, shippingCents: shipping, regionCode: buyer.regionCode });
      await repo.recordEvent(tx, offer.id, 'make', buyerId, priceCents);
      const now = new Date();
      const row = await repo.transition(tx, offer.id, OFFER_TRANSITIONS.accept.from, { status: 'accepted', timeAccepted: now, sellerActedAt: now });
      if (!row?.timeAccepted) throw new Error('a new offer could not be accepted');
      await repo.recordEvent(tx, offer.id, 'accept', item.sellerId, priceCents);
      await scheduleWindow(tx, offer.id, row.timeAccepted);
      await tell(tx, buyer, `offer-accepted:${offer.id}:${iso(row.timeAccepted)}`, (c) => mails.acceptedMail(c.email, c.username, item.name, priceCents, sentUrl(offer.id)));
      return { offerId: offer.id, timeAccepted: row.timeAccepted, moved: [...moved] };
    },

    async make(buyerId: string, input: { itemId: string; offerPrice: number }): Promise<MadeOffer> {
      const buyer = await repo.contactOf(db, buyerId);
      if (!buyer) throw new AppError(401, OFFER_ERRORS.forbidden);
      if (!buyer.emailConfirmedAt) throw new AppError(403, OFFER_ERRORS.confirmEmail);
      if ((await consume(offerLimit, buyerId)) > 0) throw new AppError(429, TOO_MANY_REQUESTS, { code: TOO_MANY_REQUESTS });
      try {
        let pushTo: string | undefined;
        const made = await db.transaction(async (tx): Promise<MadeOffer> => {
          const item = await repo.lockItem(tx, input.itemId);
          if (!item || item.removedAt) throw new AppError(404, OFFER_ERRORS.notFound);
          if (item.sellerId === buyerId) throw new AppError(403, OFFER_ERRORS.ownItem);
          requireOnSale(item);
          if (!item.offersAccepted) throw new AppError(409, OFFER_ERRORS.notAcceptingOffers);
          await assertNotAway(tx, item.sellerId);
          const shipping = buyer.regionCode ? await repo.shippingTo(tx, item.id, buyer.regionCode) : undefined;
          if (shipping === undefined || !buyer.regionCode) throw new AppError(409, OFFER_ERRORS.noShipping);
          const floor = item.autoDeclineBelowCents;
          // Each automatic decline tells the buyer one bit about the floor: a few tries a day, not a bisection.
          if (floor !== null && (await repo.recentAutoDeclines(tx, item.id, buyerId, 24)) >= AUTO_DECLINES_PER_DAY) {
            throw new AppError(429, TOO_MANY_REQUESTS, { code: TOO_MANY_REQUESTS });
          }
          const priceCents = dollarsToCents(input.offerPrice);
          const offer = await repo.insertOffer(tx, {
            itemId: item.id,
            buyerId,
            sellerId: item.sellerId,
            priceCents,
            shippingCents: shipping,
            regionCode: buyer.regionCode,
          });
          await repo.recordEvent(tx, offer.id, 'make', buyerId, priceCents);
          const answer = { _id: offer.id, price: centsToDollars(priceCents), shippingPrice: centsToDollars(shipping) };
          // Below the floor: declined for the seller, who hears nothing of it. The buyer reads it in this answer,
          // so their badge does not count it either; nothing stays open, and they may offer again.
          if (floor !== null && priceCents < floor) {
            await repo.transition(tx, offer.id, OFFER_TRANSITIONS.autoDecline.from, { status: 'declined', autoDecided: true });
            await repo.recordEvent(tx, offer.id, 'autoDecline', null);
            return { ...answer, status: 'declined', autoDeclined: true };
          }
          const accepted = item.autoAcceptAtCents !== null && priceCents >= item.autoAcceptAtCents ? await autoAccept(tx, offer.id, item) : undefined;
          const seller = await repo.contactOf(tx, item.sellerId);
          if (accepted) {
            await tell(tx, seller, `offer-auto-accepted:${offer.id}`, (c) => mails.autoAcceptedSellerMail(c.email, c.username, buyer.username, item.name, priceCents, receivedUrl(offer.id)));
          } else {
            await tell(tx, seller, `offer-new:${offer.id}`, (c) => mails.newOfferMail(c.email, c.username, buyer.username, item.name, priceCents, receivedUrl(offer.id)));
            pushTo = item.sellerId;
          }
          // Savers hear that the item is wanted at most once a day per item.
          const day = new Date().toISOString().slice(0, 10);
          for (const s of await repo.saversWanting(tx, item.id, 'offerSavedItem', [buyerId, item.sellerId])) {
            await queueMail(jobs, tx, `offer-saved:${item.id}:${day}:${s.email}`, mails.offerOnSavedItemMail(s.email, s.username, item.name, itemUrl(item.id)));
          }
          if (accepted) return { ...answer, status: 'accepted', autoAccepted: true, timeAccepted: accepted.toISOString() };
          return { ...answer, status: 'pending' };
        });
        // Only a pending offer waits for the seller (their new-offers count).
        if (pushTo) notifyCounts(pushTo);
        return made;
      } catch (error) {
        if (uniqueViolation(error) === 'offers_one_open_per_buyer') throw new AppError(409, OFFER_ERRORS.offerExists);
        throw error;
      }
    },
  };
}
