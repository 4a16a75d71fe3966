/**
 * What the offers module's action groups share: the service's dependencies (`OffersDeps`), and `offerSteps(deps)`,
 * the steps more than one group takes: the links mails carry, `tell` (a mail in the transaction, once per key), the
 * payment window's jobs, telling buyers whose windows ran out, `apply` (one seller or buyer transition under the
 * item's lock), the seller's auto-accept (reached by a new offer and by a buyer's counter) and the on-sale rules.
 * None of it keeps state; it is built once by `createOffersService` (service.ts) and handed to each group.
 */
import { EXPIRY_WARNING_BEFORE_MS, OFFER_ERRORS, OFFER_TRANSITIONS, offersRowPath, PAYMENT_WINDOW_MS, type OfferTransition } from '@keeb/shared';
import type { Config } from '../../config';
import type { Database, Tx } from '../../db/client';
import { uniqueViolation } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { queueMail } from '../../adapters/mail/mail-queue';
import type { MailMessage } from '../../adapters/mail/mail';
import type { RateLimits } from '../../platform/rate-limit';
import * as mails from './mail-templates';
import * as repo from './repo';

export interface OffersDeps {
  db: Database;
  config: Config;
  jobs: JobQueue;
  limits: RateLimits;
  /** Pushes a user's new badge counts to their sockets (the realtime hub); called after a commit that changed them. */
  notifyCounts?: (userId: string) => void;
}

export type Contact = NonNullable<Awaited<ReturnType<typeof repo.contactOf>>>;
const wantsOfferMail = (c: Contact | undefined): c is Contact => Boolean(c && !c.removedAt && c.prefs.offers !== false);
export const iso = (d: Date | null) => (d ? d.toISOString() : null);

export type OfferSteps = ReturnType<typeof offerSteps>;

export function offerSteps(deps: OffersDeps) {
  const { db, config, jobs } = deps;
  const notifyCounts = deps.notifyCounts ?? (() => {});
  const itemUrl = (id: string) => `${config.appUrl}/detail/${id}`;
  /** The offer's row on the seller's Received tab or the buyer's Sent tab (issue 36). */
  const receivedUrl = (offerId: string) => `${config.appUrl}${offersRowPath('received', offerId)}`;
  const sentUrl = (offerId: string) => `${config.appUrl}${offersRowPath('sent', offerId)}`;

  /** Queues a mail to `to` (when they want offer mail) in the transaction, once per `key`. */
  async function tell(tx: Tx, to: Contact | undefined, key: string, mail: (c: Contact) => MailMessage) {
    if (wantsOfferMail(to)) await queueMail(jobs, tx, key, mail(to));
  }

  /** The payment window's jobs: a warning before it ends and the expiry at its end, keyed by the window. */
  async function scheduleWindow(tx: Tx, offerId: string, timeAccepted: Date) {
    const end = timeAccepted.getTime() + PAYMENT_WINDOW_MS;
    const payload = { offerId, timeAccepted: timeAccepted.toISOString() };
    await jobs.send('offer-expiry', payload, { tx, key: `${offerId}:${payload.timeAccepted}`, startAfter: new Date(end) });
    await jobs.send('offer-expiry-warning', payload, { tx, key: `${offerId}:${payload.timeAccepted}`, startAfter: new Date(end - EXPIRY_WARNING_BEFORE_MS) });
  }

  /** Tells each buyer whose offer was expired on the way (the job may not have run yet). */
  async function tellExpired(tx: Tx, expired: repo.OfferRow[], itemName: string) {
    for (const o of expired) {
      const buyer = await repo.contactOf(tx, o.buyerId);
      await tell(tx, buyer, `offer-expired:${o.id}:${iso(o.timeAccepted)}`, (c) => mails.expiredBuyerMail(c.email, c.username, itemName, sentUrl(o.id)));
    }
  }

  /**
   * Runs one seller or buyer transition: the offer must exist and be the actor's (the route table checked it
   * too), the item is locked, then the conditional update decides. A lost race answers invalid_state.
   */
  async function apply<T>(
    name: OfferTransition,
    actorId: string,
    offerId: string,
    run: (tx: Tx, offer: repo.OfferRow, item: repo.LockedItem) => Promise<T>,
  ): Promise<T> {
    const offer = await repo.findOffer(db, offerId);
    if (!offer) throw new AppError(404, OFFER_ERRORS.notFound);
    const { actor } = OFFER_TRANSITIONS[name];
    if ((actor === 'seller' ? offer.sellerId : offer.buyerId) !== actorId) throw new AppError(403, OFFER_ERRORS.forbidden);
    try {
      const result = await db.transaction(async (tx) => {
        const item = await repo.lockItem(tx, offer.itemId);
        if (!item) throw new AppError(404, OFFER_ERRORS.notFound);
        return run(tx, offer, item);
      });
      // The other party's new-offers count may have changed (the seller's after a buyer's counter, the buyer's
      // after an accept, counter or decline): their open tabs get it now rather than on their next page load.
      notifyCounts(actor === 'seller' ? offer.buyerId : offer.sellerId);
      return result;
    } catch (error) {
      if (uniqueViolation(error) === 'offers_one_accepted_per_item') throw new AppError(409, OFFER_ERRORS.offerAccepted);
      throw error;
    }
  }

  const refused = () => new AppError(409, OFFER_ERRORS.invalidState);

  /**
   * The seller's auto-accept price reached by a new offer, under the item's lock: accepted as the seller's accept
   * would (the payment window, its jobs, the buyer's mail), unless another offer holds the item or a payment is in
   * progress, in which case it waits for the seller like any offer. Answers when the window started.
   */
  async function autoAccept(tx: Tx, offerId: string, item: repo.LockedItem): Promise<Date | undefined> {
    if (item.paymentStatus === 'pending' && (await repo.paymentInProgress(tx, item.id))) return undefined;
    await tellExpired(tx, await repo.expireOverdue(tx, item.id), item.name);
    if (await repo.liveAcceptedOffer(tx, item.id)) return undefined;
    const row = await repo.transition(tx, offerId, OFFER_TRANSITIONS.autoAccept.from, { status: 'accepted', autoDecided: true, timeAccepted: new Date() });
    if (!row?.timeAccepted) return undefined;
    await repo.recordEvent(tx, offerId, 'autoAccept', null, row.priceCents);
    await scheduleWindow(tx, offerId, row.timeAccepted);
    const buyer = await repo.contactOf(tx, row.buyerId);
    await tell(tx, buyer, `offer-accepted:${offerId}:${iso(row.timeAccepted)}`, (c) => mails.acceptedMail(c.email, c.username, item.name, row.priceCents, sentUrl(offerId)));
    return row.timeAccepted;
  }

  const requireOnSale = (item: repo.LockedItem) => {
    if (item.purchaserId) throw new AppError(409, OFFER_ERRORS.itemSold);
    // Held by an accepted trade ('Trade pending'): no offer is made or accepted on it meanwhile.
    if (item.removedAt || item.approvalStatus !== 'approved' || item.tradeId) throw new AppError(409, OFFER_ERRORS.notAcceptingOffers);
  };

  /** requireOnSale's rules as a question (offers to savers answer their own code rather than the offers'). */
  const onSale = (item: repo.LockedItem) => !item.purchaserId && !item.removedAt && item.approvalStatus === 'approved' && !item.tradeId;

  return { notifyCounts, itemUrl, receivedUrl, sentUrl, tell, scheduleWindow, tellExpired, apply, refused, autoAccept, requireOnSale, onSale };
}
