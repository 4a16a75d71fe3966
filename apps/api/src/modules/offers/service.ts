import {
  centsToDollars,
  dollarsToCents,
  effectiveStatus,
  EXPIRY_WARNING_BEFORE_MS,
  OFFER_ERRORS,
  OFFER_TRANSITIONS,
  offersRowPath,
  PAYMENT_ERRORS,
  PAYMENT_WINDOW_MS,
  TOO_MANY_REQUESTS,
  type MadeOffer,
  type OfferItem,
  type OfferTransition,
  type ReceivedItemGroup,
  type ReceivedOffersQuery,
  type SentOffer,
} from '@keeb/shared';
import type { Config } from '../../config';
import type { Database, Tx } from '../../db/client';
import { uniqueViolation } from '../../platform/db-errors';
import { assertNotAway } from '../accounts/away/away';
import { AppError } from '../../platform/errors';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { queueMail } from '../../adapters/mail/mail-queue';
import type { MailMessage } from '../../adapters/mail/mail';
import { consume, type RateLimits } from '../../platform/rate-limit';
import * as mails from './mail-templates';
import * as repo from './repo';

/** New offers per buyer per hour: room for real haggling, none for spraying every listing with lowballs. */
const OFFERS_PER_HOUR = 30;
/** Offers one buyer may have declined by a listing's floor per day before their next offer on it waits. */
export const AUTO_DECLINES_PER_DAY = 3;

export interface OffersDeps {
  db: Database;
  config: Config;
  jobs: JobQueue;
  limits: RateLimits;
  /** Pushes a user's new badge counts to their sockets (the realtime hub); called after a commit that changed them. */
  notifyCounts?: (userId: string) => void;
}

type Contact = NonNullable<Awaited<ReturnType<typeof repo.contactOf>>>;
const wantsOfferMail = (c: Contact | undefined): c is Contact => Boolean(c && !c.removedAt && c.prefs.offers !== false);
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const dollars = (cents: number | null) => (cents === null ? null : centsToDollars(cents));

type ListRow = Awaited<ReturnType<typeof repo.sentOffers>>[number];
type ItemFields = Pick<ListRow, 'itemId' | 'itemName' | 'itemDescription' | 'itemPriceCents' | 'itemThumbnail' | 'itemPurchaserId' | 'itemPriceSoldCents'>;
type OfferRowFields = Pick<ListRow, 'id' | 'priceCents' | 'counterPriceCents' | 'shippingCents' | 'status' | 'timeAccepted'>;

/** The item an offer is about, as both lists answer it. */
const toOfferItem = (r: ItemFields): OfferItem => ({
  _id: r.itemId,
  name: r.itemName,
  description: r.itemDescription,
  price: centsToDollars(r.itemPriceCents),
  thumbnail: r.itemThumbnail,
  purchaserId: r.itemPurchaserId,
  priceSold: dollars(r.itemPriceSoldCents),
});

/** The offer's own fields as both lists answer them, its status as of `now` (an overdue window reads expired). */
const toOfferFields = (r: OfferRowFields, now: number) => ({
  _id: r.id,
  price: centsToDollars(r.priceCents),
  counterPrice: dollars(r.counterPriceCents),
  shippingPrice: centsToDollars(r.shippingCents),
  status: effectiveStatus(r.status, r.timeAccepted, now),
  timeAccepted: iso(r.timeAccepted),
});

export function createOffersService(deps: OffersDeps) {
  const { db, config, jobs } = deps;
  const notifyCounts = deps.notifyCounts ?? (() => {});
  const offerLimit = deps.limits.create({ name: 'offers', points: OFFERS_PER_HOUR, durationSeconds: 3600 });
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

  return {
    onSale,

    /**
     * Issue 29 (offers to savers): whether the item, locked in `tx`, is held for a buyer: an accepted offer in its
     * window (overdue ones are expired on the way, their buyers told, as accept does) or a payment in progress.
     */
    async held(tx: Tx, item: repo.LockedItem): Promise<boolean> {
      if (item.paymentStatus === 'pending' && (await repo.paymentInProgress(tx, item.id))) return true;
      await tellExpired(tx, await repo.expireOverdue(tx, item.id), item.name);
      return Boolean(await repo.liveAcceptedOffer(tx, item.id));
    },

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

    accept: (sellerId: string, offerId: string) =>
      apply('accept', sellerId, offerId, async (tx, offer, item) => {
        requireOnSale(item);
        // A payment in progress (a Buy It Now, or a countered offer being paid) must finish or lapse first.
        if (item.paymentStatus === 'pending' && (await repo.paymentInProgress(tx, item.id))) throw new AppError(409, OFFER_ERRORS.offerAccepted);
        await tellExpired(tx, await repo.expireOverdue(tx, item.id), item.name);
        const row = await repo.transition(tx, offer.id, OFFER_TRANSITIONS.accept.from, { status: 'accepted', timeAccepted: new Date(), sellerActedAt: new Date() });
        if (!row) throw refused();
        await repo.recordEvent(tx, offer.id, 'accept', sellerId, row.priceCents);
        await scheduleWindow(tx, offer.id, row.timeAccepted!);
        const buyer = await repo.contactOf(tx, offer.buyerId);
        await tell(tx, buyer, `offer-accepted:${offer.id}:${iso(row.timeAccepted)}`, (c) => mails.acceptedMail(c.email, c.username, item.name, row.priceCents, sentUrl(offer.id)));
        return { offerId: offer.id, status: row.status };
      }),

    decline: (sellerId: string, offerId: string) =>
      apply('decline', sellerId, offerId, async (tx, offer, item) => {
        const row = await repo.transition(tx, offer.id, [...OFFER_TRANSITIONS.decline.from, 'accepted'], { status: 'declined', sellerActedAt: new Date() }, repo.overdue);
        if (!row) throw refused();
        await repo.recordEvent(tx, offer.id, 'decline', sellerId);
        const buyer = await repo.contactOf(tx, offer.buyerId);
        await tell(tx, buyer, `offer-declined:${offer.id}`, (c) => mails.declinedMail(c.email, c.username, item.name, itemUrl(item.id)));
        return { _id: offer.id };
      }),

    counterSeller: (sellerId: string, offerId: string, counterPrice: number) =>
      apply('counterSeller', sellerId, offerId, async (tx, offer, item) => {
        requireOnSale(item);
        const counterPriceCents = dollarsToCents(counterPrice);
        const row = await repo.transition(tx, offer.id, OFFER_TRANSITIONS.counterSeller.from, { status: 'countered', counterPriceCents, sellerActedAt: new Date() });
        if (!row) throw refused();
        await repo.recordEvent(tx, offer.id, 'counterSeller', sellerId, counterPriceCents);
        const buyer = await repo.contactOf(tx, offer.buyerId);
        await tell(tx, buyer, `offer-countered:${offer.id}:${Date.now()}`, (c) => mails.sellerCounterMail(c.email, c.username, item.name, counterPriceCents, sentUrl(offer.id)));
        return { offerId: offer.id, status: row.status, price: centsToDollars(row.priceCents), counterPrice: centsToDollars(counterPriceCents) };
      }),

    counterBuyer: (buyerId: string, offerId: string, counterPrice: number) =>
      apply('counterBuyer', buyerId, offerId, async (tx, offer, item) => {
        requireOnSale(item);
        // The buyer's counter is a new offer to a seller who is not there to answer it.
        await assertNotAway(tx, offer.sellerId);
        const priceCents = dollarsToCents(counterPrice);
        // The buyer's counter is their new offer: back to the seller, the seller's counter answered.
        const row = await repo.transition(tx, offer.id, OFFER_TRANSITIONS.counterBuyer.from, { status: 'pending', priceCents, counterPriceCents: null, buyerActedAt: new Date() });
        if (!row) throw refused();
        await repo.recordEvent(tx, offer.id, 'counterBuyer', buyerId, priceCents);
        const [seller, buyer] = await Promise.all([repo.contactOf(tx, offer.sellerId), repo.contactOf(tx, buyerId)]);
        const buyerName = buyer?.username ?? 'The buyer';
        const answer = { offerId: offer.id, status: row.status, price: centsToDollars(priceCents), counterPrice: centsToDollars(priceCents) };
        // The seller's standing auto-accept price holds for a counter as for a new offer. The floor does not: a
        // countered offer is the seller's own negotiation, so a low counter waits for them (as raising the floor
        // leaves countered offers alone).
        const accepted = item.autoAcceptAtCents !== null && priceCents >= item.autoAcceptAtCents ? await autoAccept(tx, offer.id, item) : undefined;
        if (accepted) {
          await tell(tx, seller, `offer-auto-accepted:${offer.id}:${iso(accepted)}`, (c) => mails.autoAcceptedSellerMail(c.email, c.username, buyerName, item.name, priceCents, receivedUrl(offer.id)));
          return { ...answer, status: 'accepted' as const, autoAccepted: true as const, timeAccepted: accepted.toISOString() };
        }
        await tell(tx, seller, `offer-buyer-counter:${offer.id}:${Date.now()}`, (c) => mails.buyerCounterMail(c.email, c.username, buyerName, item.name, priceCents, receivedUrl(offer.id)));
        return answer;
      }),

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

    remove: (buyerId: string, offerId: string) =>
      apply('remove', buyerId, offerId, async (tx, offer) => {
        const row = await repo.transition(tx, offer.id, [...OFFER_TRANSITIONS.remove.from, 'accepted'], { status: 'removed' }, repo.overdue);
        if (!row) throw refused();
        await repo.recordEvent(tx, offer.id, 'remove', buyerId);
        return { _id: offer.id };
      }),

    async sent(buyerId: string): Promise<SentOffer[]> {
      const [rows] = await Promise.all([repo.sentOffers(db, buyerId), repo.markOffersSeen(db, buyerId)]);
      const now = Date.now();
      return rows.map((r) => ({ ...toOfferFields(r, now), itemId: toOfferItem(r) }));
    },

    /** One page of the seller's items with their offers (RECEIVED_PAGE_SIZE items), after the cursor if given. */
    async received(sellerId: string, query: ReceivedOffersQuery = {}): Promise<ReceivedItemGroup[]> {
      const after = query.ts && query.cursorId ? { ts: new Date(query.ts).toISOString(), id: query.cursorId } : undefined;
      const now = Date.now();
      return (await repo.receivedPage(db, sellerId, after)).map((group) => {
        const groupOffers = group.offers.map((o) => ({
          ...toOfferFields(o, now),
          offererId: { _id: o.buyerId, username: o.buyerRemoved ? 'User Not Found' : o.buyerName, shippingRegion: { code: o.regionCode, name: o.regionName } },
        }));
        return {
          ...toOfferItem(group),
          offers: groupOffers,
          containsAcceptedOffer: groupOffers.some((o) => o.status === 'accepted' || o.status === 'paid'),
          lastActivityAt: group.lastAt,
        };
      });
    },


    /** Who may act on an offer as seller or buyer (the route table's owner check). */
    sellerOf: async (offerId: string) => (await repo.findOffer(db, offerId))?.sellerId,
    buyerOf: async (offerId: string) => (await repo.findOffer(db, offerId))?.buyerId,

    /** Offers that forbid removing the item ('Cannot Remove'), read inside the removal's transaction. */
    blockingCount: (tx: Tx, itemId: string) => repo.blockingCount(tx, itemId),

    /**
     * The item was sold (to `sale.buyerId`, paying `sale.offerId` when it was an offer) or removed (no sale), in
     * that transaction: the paid offer becomes paid, every other open offer closes and its buyer is told. Answers
     * the users whose new-offers count moved, for the caller to push (countsMoved) once the transaction commits.
     */
    async settle(tx: Tx, itemId: string, itemName: string, sale: { buyerId: string; offerId: string | null } | null): Promise<string[]> {
      const moved = new Set<string>();
      if (sale?.offerId) {
        // Paying is the buyer's own act, no news to them (sellerActedAt stays); an unread acceptance leaves their count.
        const paid = await repo.transition(tx, sale.offerId, OFFER_TRANSITIONS.pay.from, { status: 'paid' });
        if (paid) {
          await repo.recordEvent(tx, paid.id, 'pay', null);
          moved.add(paid.buyerId);
        }
      }
      for (const o of await repo.closeOpen(tx, itemId, sale?.offerId ?? null, sale?.buyerId ?? null)) {
        await repo.recordEvent(tx, o.id, 'close', null);
        // A closed pending offer leaves the seller's count too: their open tab must hear it.
        moved.add(o.buyerId).add(o.sellerId);
        if (o.buyerId === sale?.buyerId) continue;
        const buyer = await repo.contactOf(tx, o.buyerId);
        await tell(tx, buyer, `offer-closed:${o.id}`, (c) => mails.offerClosedMail(c.email, c.username, itemName, sale !== null, sentUrl(o.id)));
      }
      return [...moved];
    },

    /**
     * The seller raised the item's auto-decline floor, in the edit's transaction (which holds the item's lock): the
     * pending offers below it are declined, their buyers told as by a seller's decline. Answers the users whose
     * counts moved (the buyers, and the seller whose new offers went), for countsMoved after the commit.
     */
    async declineBelowFloor(tx: Tx, itemId: string, itemName: string, floorCents: number): Promise<string[]> {
      const moved = new Set<string>();
      for (const o of await repo.declinePendingBelow(tx, itemId, floorCents)) {
        await repo.recordEvent(tx, o.id, 'autoDecline', null);
        const buyer = await repo.contactOf(tx, o.buyerId);
        await tell(tx, buyer, `offer-declined:${o.id}`, (c) => mails.declinedMail(c.email, c.username, itemName, itemUrl(itemId)));
        moved.add(o.buyerId).add(o.sellerId);
      }
      return [...moved];
    },

    /** Pushes new badge counts to these users' sockets (after the commit that moved them, e.g. settle's). */
    countsMoved(userIds: readonly string[]) {
      for (const userId of userIds) notifyCounts(userId);
    },

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

export type OffersService = ReturnType<typeof createOffersService>;
