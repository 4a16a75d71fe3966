/**
 * What other modules tell the offers module inside their own transactions: an item sold or removed (`settle`: the
 * paid offer paid, the rest closed and their buyers told), the seller's raised floor (`declineBelowFloor`), and the
 * badge counts to push once such a transaction commits (`countsMoved`). Built by `settleActions` from the shared
 * steps (steps.ts); no state of its own.
 */
import { OFFER_TRANSITIONS } from '@keeb/shared';
import type { Tx } from '../../db/client';
import * as mails from './mail-templates';
import * as repo from './repo';
import type { OfferSteps } from './steps';

export function settleActions(steps: OfferSteps) {
  const { notifyCounts, itemUrl, sentUrl, tell } = steps;

  return {
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
  };
}
