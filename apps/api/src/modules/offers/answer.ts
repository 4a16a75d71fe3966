/**
 * Answering an offer: the seller's accept, decline and counter, the buyer's counter (which may reach the seller's
 * auto-accept price) and the buyer's removal of their own offer. Each is one transition through `apply` (steps.ts):
 * the offer and its actor checked, the item locked, then a conditional update decides. Built by `answerActions`
 * from the shared steps; no state of its own. Give More Time (`extend`), also the seller's, is in window.ts.
 */
import { centsToDollars, dollarsToCents, OFFER_ERRORS, OFFER_TRANSITIONS } from '@keeb/shared';
import { assertNotAway } from '../accounts/away/away';
import { AppError } from '../../platform/errors';
import * as mails from './mail-templates';
import * as repo from './repo';
import { iso, type OfferSteps } from './steps';

export function answerActions(steps: OfferSteps) {
  const { itemUrl, receivedUrl, sentUrl, tell, scheduleWindow, tellExpired, apply, refused, autoAccept, requireOnSale } = steps;

  return {
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

    remove: (buyerId: string, offerId: string) =>
      apply('remove', buyerId, offerId, async (tx, offer) => {
        const row = await repo.transition(tx, offer.id, [...OFFER_TRANSITIONS.remove.from, 'accepted'], { status: 'removed' }, repo.overdue);
        if (!row) throw refused();
        await repo.recordEvent(tx, offer.id, 'remove', buyerId);
        return { _id: offer.id };
      }),
  };
}
