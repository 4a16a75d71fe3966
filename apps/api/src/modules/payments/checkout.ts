/**
 * The checkout: a buyer's Purchase / Pay Now (`create`), a trade's cash (`payTrade`) and the buyer giving either up
 * (`cancel`). Opening one takes the item's (or the trade's) lock, prices it on the server, opens the purchase and
 * its reconciliation job in one transaction, then asks the provider for the order and its approval page (`checkout`).
 * A checkout finding the last buyer's lock run out asks recovery (`reconcile`, recovery.ts) first. Built by
 * `checkoutActions` from the deps, the shared steps and `reconcile`; no state of its own.
 */
import { effectiveStatus, PAYMENT_ERRORS, TRADE_ERRORS, type PaymentRedirect } from '@keeb/shared';
import type { Tx } from '../../db/client';
import { uniqueViolation } from '../../platform/db-errors';
import { assertNotAway } from '../accounts/away/away';
import { AppError } from '../../platform/errors';
import { centsToAmount, PaymentProviderError } from '../../adapters/payment/index';
import * as offersRepo from '../offers/repo';
import { assertMayHold } from './checkout-holds';
import type { PaymentsDeps, TradePaymentTerms } from './deps';
import type { RecoveryActions } from './recovery';
import * as repo from './repo';
import { PAYMENT_LOCK_MS, processing, type PaymentSteps } from './steps';

export function checkoutActions(deps: PaymentsDeps, steps: PaymentSteps, reconcile: RecoveryActions['reconcile']) {
  const { db, config, logger, provider } = deps;
  const { scheduleReconcile, release } = steps;

  /**
   * The order at the provider for a purchase just opened, and the approval page to send the payer to. No order
   * reaching the payer means nothing can be approved: the purchase's lock goes at once.
   */
  async function checkout(purchase: repo.PurchaseRow, itemName: string, returnUrl: string, cancelUrl: string): Promise<PaymentRedirect> {
    try {
      const order = await provider.createOrder({
        purchaseId: purchase.id,
        payeeEmail: purchase.payeeEmail,
        itemName,
        itemId: purchase.itemId,
        currency: 'USD',
        itemTotal: centsToAmount(purchase.itemCents),
        shipping: centsToAmount(purchase.shippingCents),
        returnUrl,
        cancelUrl,
        requestId: `create:${purchase.id}`,
      });
      await repo.movePurchase(db, purchase.id, ['open'], { orderId: order.orderId, approveUrl: order.approveUrl });
      return { redirectUrl: order.approveUrl };
    } catch (error) {
      const kind = error instanceof PaymentProviderError ? error.kind : 'other';
      logger.warn({ err: error, purchaseId: purchase.id, kind }, 'payment order could not be created');
      await release(purchase.id, 'failed', `create: ${error instanceof PaymentProviderError ? error.issue : String(error)}`);
      if (kind === 'payee') throw new AppError(409, PAYMENT_ERRORS.paymentError);
      throw new AppError(502, PAYMENT_ERRORS.failed);
    }
  }

  return {
    /** `linkBase`: where the provider sends the buyer back (the address they used; see platform/public-url). */
    async create(buyerId: string, itemId: string, linkBase = config.appUrl, retried = false): Promise<PaymentRedirect> {
      const buyer = await offersRepo.contactOf(db, buyerId);
      if (!buyer) throw new AppError(401, PAYMENT_ERRORS.notFound);
      if (!buyer.emailConfirmedAt) throw new AppError(403, PAYMENT_ERRORS.confirmEmail);
      let outcome: { purchase: repo.PurchaseRow; itemName: string } | { reuse: string } | { stale: string };
      try {
        outcome = await db.transaction(async (tx) => {
          const item = await offersRepo.lockItem(tx, itemId);
          if (!item || item.removedAt || item.approvalStatus !== 'approved' || item.purchaserId) throw new AppError(404, PAYMENT_ERRORS.notFound);
          if (item.sellerId === buyerId) throw new AppError(403, PAYMENT_ERRORS.ownItem);
          // Held by an accepted trade ('Trade pending'): 'Currently Unavailable', as while another buyer pays.
          if (item.tradeId) throw new AppError(409, PAYMENT_ERRORS.paymentPending);
          const shipping = buyer.regionCode ? await offersRepo.shippingTo(tx, itemId, buyer.regionCode) : undefined;
          if (shipping === undefined || !buyer.regionCode) throw new AppError(409, PAYMENT_ERRORS.noShipping);
          const held = await repo.lockingPurchase(tx, itemId);
          if (held) {
            if (held.buyerId === buyerId && held.status === 'open' && held.approveUrl && held.lockedUntil.getTime() > Date.now()) return { reuse: held.approveUrl };
            if (held.status !== 'open' || held.lockedUntil.getTime() > Date.now()) throw new AppError(409, PAYMENT_ERRORS.paymentPending);
            return { stale: held.id };
          }
          // An offer accepted for someone else reserves the item for its 24 hours.
          const reserved = await offersRepo.liveAcceptedOffer(tx, itemId);
          if (reserved && reserved.buyerId !== buyerId) throw new AppError(409, PAYMENT_ERRORS.paymentPending);
          // The price is the server's: the buyer's accepted offer, the seller's counter, else the listing's Buy It Now.
          const own = await offersRepo.openOfferOf(tx, itemId, buyerId);
          const ownStatus = own ? effectiveStatus(own.status, own.timeAccepted) : undefined;
          const offerPrice = ownStatus === 'accepted' ? own!.priceCents : ownStatus === 'countered' ? own!.counterPriceCents : null;
          const itemCents = offerPrice ?? (item.isFixedPrice ? item.priceCents : null);
          if (itemCents === null) throw new AppError(409, PAYMENT_ERRORS.notForSale);
          // A Buy It Now waits for an away seller; a price they agreed to (their accept or counter) may be paid.
          if (offerPrice === null) await assertNotAway(tx, item.sellerId);
          // Issue 36: two unpaid checkouts at a time, and a wait after giving this listing up again and again.
          await assertMayHold(tx, buyerId, itemId);
          const lockedUntil = new Date(Date.now() + PAYMENT_LOCK_MS);
          const purchase = await repo.insertPurchase(tx, {
            itemId,
            buyerId,
            sellerId: item.sellerId,
            offerId: offerPrice !== null ? own!.id : null,
            itemCents,
            shippingCents: shipping,
            regionCode: buyer.regionCode,
            payeeEmail: (await offersRepo.paymentEmailOf(tx, itemId)) ?? '',
            provider: provider.name,
            lockedUntil,
          });
          await repo.setItemPaymentStatus(tx, itemId, 'pending');
          await scheduleReconcile(tx, purchase.id, lockedUntil);
          return { purchase, itemName: item.name };
        });
      } catch (error) {
        if (uniqueViolation(error) === 'purchases_one_open_per_item') throw new AppError(409, PAYMENT_ERRORS.paymentPending);
        throw error;
      }
      if ('reuse' in outcome) return { redirectUrl: outcome.reuse };
      if ('stale' in outcome) {
        // The last buyer's lock ran out: ask the provider before giving it up, then try once more.
        await reconcile(outcome.stale);
        if (retried) throw new AppError(409, PAYMENT_ERRORS.paymentPending);
        return this.create(buyerId, itemId, linkBase, true);
      }
      // Marked, so the item page releases the lock at once (the provider appends nothing we can rely on).
      return checkout(outcome.purchase, outcome.itemName, `${linkBase}/detail/${itemId}`, `${linkBase}/detail/${itemId}?payment=cancelled`);
    },

    /**
     * POST /api/trade/{id}/pay (issue 28): the cash part of an accepted trade, a purchase with trade_id through the
     * same checkout, capture and reconciliation as a sale. `terms` (the trade's rules) runs under the trade's lock
     * and refuses whoever may not pay now. Asked again while its checkout is open, it answers the same approval page.
     */
    async payTrade(payerId: string, tradeId: string, linkBase: string, terms: (tx: Tx) => Promise<TradePaymentTerms>, retried = false): Promise<PaymentRedirect> {
      const payer = await offersRepo.contactOf(db, payerId);
      if (!payer) throw new AppError(401, PAYMENT_ERRORS.notFound);
      let outcome: { purchase: repo.PurchaseRow; itemName: string } | { reuse: string } | { stale: string };
      try {
        outcome = await db.transaction(async (tx) => {
          const t = await terms(tx);
          if (!payer.emailConfirmedAt) throw new AppError(403, TRADE_ERRORS.confirmEmail);
          const held = await repo.tradePurchase(tx, tradeId);
          if (held) {
            if (held.buyerId === payerId && held.status === 'open' && held.approveUrl && held.lockedUntil.getTime() > Date.now()) return { reuse: held.approveUrl };
            if (held.status !== 'open' || held.lockedUntil.getTime() > Date.now()) throw new AppError(409, TRADE_ERRORS.paymentPending);
            return { stale: held.id };
          }
          const lockedUntil = new Date(Date.now() + PAYMENT_LOCK_MS);
          const purchase = await repo.insertPurchase(tx, {
            itemId: t.itemId,
            buyerId: payerId,
            sellerId: t.payeeId,
            tradeId,
            itemCents: t.cents,
            shippingCents: 0,
            // A purchase names a region; a trade's cash carries no shipping, so any the payer or listing has will do.
            regionCode: payer.regionCode ?? (await repo.anyShippingRegion(tx, t.itemId)) ?? 'US',
            payeeEmail: t.payeeEmail,
            provider: provider.name,
            lockedUntil,
          });
          await scheduleReconcile(tx, purchase.id, lockedUntil);
          return { purchase, itemName: `Trade: ${t.itemName}` };
        });
      } catch (error) {
        const key = uniqueViolation(error);
        if (key === 'purchases_one_per_trade' || key === 'purchases_one_open_per_item') throw new AppError(409, TRADE_ERRORS.paymentPending);
        throw error;
      }
      if ('reuse' in outcome) return { redirectUrl: outcome.reuse };
      if ('stale' in outcome) {
        // The payer's last checkout ran out: ask the provider before giving it up, then try once more.
        await reconcile(outcome.stale);
        if (retried) throw new AppError(409, TRADE_ERRORS.paymentPending);
        return this.payTrade(payerId, tradeId, linkBase, terms, true);
      }
      const back = `${linkBase}/me/offers?tab=trades&trade=${tradeId}`;
      return checkout(outcome.purchase, outcome.itemName, back, `${back}&payment=cancelled`);
    },

    /**
     * The buyer gives up their checkout (Cancel on the item page, or at the provider): the item is on sale again at
     * once. Only an open purchase goes: once a capture is claimed, its outcome decides. The order at the provider is
     * left unapproved or uncaptured, which charges nothing, and its purchase can no longer be processed.
     */
    async cancel(buyerId: string, itemId: string) {
      await db.transaction(async (tx) => {
        await offersRepo.lockItem(tx, itemId);
        // `itemId` may also name a trade (issue 28): its payer cancels the trade's open checkout.
        const held = (await repo.lockingPurchase(tx, itemId)) ?? (await repo.tradePurchase(tx, itemId));
        if (!held || held.buyerId !== buyerId) throw new AppError(404, PAYMENT_ERRORS.notFound);
        if (!(await repo.movePurchase(tx, held.id, ['open'], { status: 'abandoned', failure: 'cancelled by the buyer' }))) throw processing();
        if (!held.tradeId) await repo.setItemPaymentStatus(tx, itemId, 'none');
      });
      return { _id: itemId, paymentStatus: 'none' as const };
    },
  };
}
