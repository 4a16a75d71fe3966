/**
 * The sale: `finalize`, which writes a capture the provider made as the item sold (or, for a trade's cash, the trade
 * settled) in one transaction, with the offers settled, the pending trades closed, the order opened, karma and mails.
 * Every path that learns of a completed capture ends here (the buyer's return and the capture check in capture.ts,
 * reconciliation in recovery.ts, the capture webhook in webhooks.ts), so it has a file of its own, built from the
 * deps and the shared steps by `saleFinalizer`, and holds no state of its own.
 */
import { centsToDollars, KARMA, type PaymentResult } from '@keeb/shared';
import { queueMail } from '../../adapters/mail/mail-queue';
import { amountToCents, type ShippingAddress } from '../../adapters/payment/index';
import * as offersRepo from '../offers/repo';
import type { PaymentsDeps } from './deps';
import * as mails from './mail-templates';
import * as repo from './repo';
import { failed, type PaymentSteps } from './steps';

/** Karma per sale, to the seller and the buyer (docs/decisions/0165-karma.md). */
export const SALE_KARMA = KARMA.sale;
export const PURCHASE_KARMA = KARMA.purchase;

export type Finalize = ReturnType<typeof saleFinalizer>;

export function saleFinalizer(deps: PaymentsDeps, steps: PaymentSteps) {
  const { db, config, jobs, logger } = deps;
  const { release } = steps;

  /**
   * The sale, in one transaction: the item sold at the purchase's price, the purchase captured, the offers
   * settled, karma to both, the mails queued, the order opened (to ship to `capture.shipping`, the address the
   * provider returned). Run again for the same purchase, it changes nothing.
   */
  async function finalize(
    purchaseId: string,
    capture: { id: string; amount: string | undefined; currency: string | undefined; shipping?: ShippingAddress | undefined },
  ): Promise<PaymentResult> {
    const purchase = await repo.findPurchase(db, purchaseId);
    if (!purchase) throw failed();
    const expected = purchase.itemCents + purchase.shippingCents;
    if (capture.amount === undefined || amountToCents(capture.amount) !== expected || (capture.currency ?? 'USD') !== 'USD') {
      // Never sold on a capture of another amount: support refunds it (the error names the purchase).
      logger.error({ purchaseId, expected, capture }, 'payment captured for an unexpected amount; the item was not marked sold');
      await release(purchaseId, 'failed', `amount mismatch: ${capture.amount} ${capture.currency}`);
      throw failed();
    }
    let moved: string[] = [];
    let lost = false;
    const result = await db.transaction(async (tx): Promise<PaymentResult> => {
      if (purchase.tradeId) {
        // A trade's cash (issue 28): the trade's two orders open instead of a sale. A trade cancelled meanwhile
        // keeps the capture on record, failed, for support to refund (committed: never lost).
        const tradeId = purchase.tradeId;
        const done: PaymentResult = { status: 'COMPLETED', itemId: purchase.itemId, priceSold: centsToDollars(purchase.itemCents) };
        const awaited = await deps.settlement.lockForCapture(tx, tradeId);
        if ((await repo.findPurchase(tx, purchaseId))?.status === 'captured') return done;
        if (!awaited || !(await repo.movePurchase(tx, purchaseId, repo.LOCKING, { status: 'captured', captureId: capture.id, capturedAt: new Date() }))) {
          logger.error({ purchaseId, tradeId, captureId: capture.id }, 'payment captured for a trade no longer accepted; it needs a refund');
          await repo.movePurchase(tx, purchaseId, repo.LOCKING, { status: 'failed', captureId: capture.id, failure: 'trade no longer accepted' });
          lost = true;
          return done;
        }
        moved = await deps.settlement.settle(tx, tradeId);
        return done;
      }
      const item = await offersRepo.lockItem(tx, purchase.itemId);
      const current = await repo.findPurchase(tx, purchaseId);
      if (current?.status === 'captured' && item) return { status: 'COMPLETED', itemId: item.id, priceSold: centsToDollars(current.itemCents) };
      if (!item || !(await repo.markItemSold(tx, item.id, purchase.buyerId, purchase.itemCents))) {
        // Committed, as a trade's is (throwing here would roll the record back and leave the claim to be retried):
        // the capture stays on record, failed, for support to refund.
        logger.error({ purchaseId, captureId: capture.id }, 'payment captured for an item already sold; it needs a refund');
        await repo.movePurchase(tx, purchaseId, repo.LOCKING, { status: 'failed', captureId: capture.id, failure: 'item already sold' });
        lost = true;
        return { status: 'COMPLETED' as const, itemId: purchase.itemId, priceSold: centsToDollars(purchase.itemCents) };
      }
      const done = await repo.movePurchase(tx, purchaseId, repo.LOCKING, { status: 'captured', captureId: capture.id, capturedAt: new Date() });
      if (!done) throw failed();
      moved = await deps.offers.settle(tx, item.id, item.name, { buyerId: purchase.buyerId, offerId: purchase.offerId });
      moved.push(...(await deps.trades.closeTradesForItems(tx, [item.id], 'item_sold')));
      const { hasAddress } = await deps.orders.open(tx, purchase, capture.shipping);
      // The seller's orders badge: a paid order waits for them to ship.
      moved.push(purchase.sellerId);
      await deps.awardKarma(tx, { userId: purchase.sellerId, reason: 'sale', amount: SALE_KARMA, subjectId: item.id });
      await deps.awardKarma(tx, { userId: purchase.buyerId, reason: 'purchase', amount: PURCHASE_KARMA, subjectId: item.id });
      const [seller, buyer] = await Promise.all([offersRepo.contactOf(tx, purchase.sellerId), offersRepo.contactOf(tx, purchase.buyerId)]);
      // The order's id is the purchase's: both mails link to the order page (issue 26).
      const orderUrl = `${config.appUrl}/me/orders/${purchaseId}`;
      if (seller && !seller.removedAt && seller.prefs.itemSell !== false) {
        await queueMail(jobs, tx, `item-sold:${purchaseId}`, mails.itemSoldMail(seller.email, seller.username, buyer?.username ?? 'A buyer', item.name, purchase.itemCents, purchase.shippingCents, orderUrl, hasAddress));
      }
      if (buyer && !buyer.removedAt) {
        await queueMail(jobs, tx, `purchase-receipt:${purchaseId}`, mails.purchaseReceiptMail(buyer.email, buyer.username, item.name, purchase.itemCents, purchase.shippingCents, orderUrl, hasAddress));
      }
      for (const s of await offersRepo.saversWanting(tx, item.id, 'soldSavedItem', [purchase.buyerId, purchase.sellerId])) {
        await queueMail(jobs, tx, `saved-sold:${item.id}:${s.email}`, mails.savedItemSoldMail(s.email, s.username, item.name));
      }
      return { status: 'COMPLETED' as const, itemId: item.id, priceSold: centsToDollars(purchase.itemCents) };
    });
    if (lost) throw failed();
    // The paid and the closed offers move their buyers' badges; pushed once the sale is committed.
    deps.offers.countsMoved(moved);
    if (purchase.tradeId && moved.length > 0) await deps.settlement.announceSettled(purchase.tradeId);
    return result;
  }

  return finalize;
}
