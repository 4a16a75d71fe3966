import { centsToDollars, effectiveStatus, KARMA, PAYMENT_ERRORS, TRADE_ERRORS, type PaymentRedirect, type PaymentResult } from '@keeb/shared';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Config } from '../../config';
import type { Database, Tx } from '../../db/client';
import { uniqueViolation } from '../../platform/db-errors';
import { assertNotAway } from '../accounts/away/away';
import { AppError } from '../../platform/errors';
import type { JobQueue } from '../../platform/jobs/job-queue';
import type { Logger } from '../../platform/logger';
import { queueMail } from '../../adapters/mail/mail-queue';
import { amountToCents, centsToAmount, PaymentProviderError, type PaymentProvider, type ShippingAddress } from '../../adapters/payment/index';
import * as offersRepo from '../offers/repo';
import type { OffersService } from '../offers/service';
import type { TradesService } from '../trades/service';
import type { OrdersService } from '../orders/service';
import { createCaptureLease, STALE_CAPTURE_MS } from './capture-lease';
import { assertMayHold } from './checkout-holds';
import * as mails from './mail-templates';
import * as repo from './repo';

/**
 * A trade's cash payment as the trade's rules decide it (trades/settlement-pay.ts), read under the trade's lock:
 * the payer receives `itemId`, the payee gets `cents` at `payeeEmail`.
 */
export interface TradePaymentTerms {
  tradeId: string;
  itemId: string;
  itemName: string;
  payeeId: string;
  cents: number;
  payeeEmail: string;
}

/** How long a buyer holds the item while at the provider; past it the provider is asked before the lock goes. */
export const PAYMENT_LOCK_MS = 30 * 60 * 1000;
/** A capture the provider holds as pending (e.g. an eCheck) keeps the item locked while it clears. */
const PENDING_CAPTURE_LOCK_MS = 5 * 24 * 60 * 60 * 1000;
/**
 * A capture claim is checked just after it would go stale if its holder stopped beating at once, and then again
 * just after its last beat would go stale: a claim whose holder died is settled about STALE_CAPTURE_MS after its
 * last beat (plus the job queue's polling of scheduled jobs, 2 s at most).
 */
const CHECK_MARGIN_MS = 250;
const nextCheck = (lastBeat: Date) => new Date(Math.max(Date.now(), lastBeat.getTime() + STALE_CAPTURE_MS) + CHECK_MARGIN_MS);
/** How long a second `process` call for the same order waits for the first one's outcome. */
const WAIT_FOR_CAPTURE_MS = 15_000;
/** Karma per sale, to the seller and the buyer (docs/decisions/0165-karma.md). */
export const SALE_KARMA = KARMA.sale;
export const PURCHASE_KARMA = KARMA.purchase;

export interface PaymentsDeps {
  db: Database;
  config: Config;
  jobs: JobQueue;
  logger: Logger;
  provider: PaymentProvider;
  offers: Pick<OffersService, 'settle' | 'countsMoved'>;
  /** A sale closes the pending trades naming the item (issue 28), in the sale's transaction. */
  trades: Pick<TradesService, 'closeTradesForItems'>;
  /** The sale's order (issue 26): opened in the sale's transaction, told of refunds and disputes. */
  orders: Pick<OrdersService, 'open' | 'refunded' | 'disputeOpened' | 'tradeCashRefunded' | 'tradeDisputeOpened'>;
  /**
   * Issue 28: a trade's cash payment settles the trade instead of selling an item (trades/settlement.ts). Both run
   * in the capture's transaction; `lockForCapture` locks the trade and answers whether it still awaits this cash.
   */
  settlement: {
    lockForCapture(tx: Tx, tradeId: string): Promise<boolean>;
    settle(tx: Tx, tradeId: string): Promise<string[]>;
    announceSettled(tradeId: string): Promise<void>;
  };
  /** Karma inside the sale's transaction, once per (user, reason, item). */
  awardKarma(tx: Tx, award: { userId: string; reason: 'sale' | 'purchase'; amount: number; subjectId: string }): Promise<unknown>;
}

const processing = () => new AppError(409, PAYMENT_ERRORS.paymentProcessing);
const failed = () => new AppError(409, PAYMENT_ERRORS.failed);

export function createPaymentsService(deps: PaymentsDeps) {
  const { db, config, jobs, logger, provider } = deps;
  const lease = createCaptureLease(db, { logger });

  async function scheduleReconcile(tx: Tx | undefined, purchaseId: string, at: Date) {
    await jobs.send('payment-reconcile', { purchaseId }, { key: `${purchaseId}:${at.toISOString()}`, startAfter: at, ...(tx ? { tx } : {}) });
  }

  /** A capture claim's check: a no-op once the claim has moved on (sold, pending, reopened...). */
  async function scheduleCaptureCheck(tx: Tx | undefined, purchaseId: string, at: Date) {
    await jobs.send('payment-reconcile', { purchaseId, captureCheck: true }, { key: `capture:${purchaseId}:${at.toISOString()}`, startAfter: at, ...(tx ? { tx } : {}) });
  }

  /** Gives the item's lock up: the purchase ends as `status` and the item is on sale again. */
  async function release(purchaseId: string, status: 'failed' | 'abandoned', failure: string) {
    await db.transaction(async (tx) => {
      const row = await repo.movePurchase(tx, purchaseId, repo.LOCKING, { status, failure });
      // A trade's checkout never marked its item (the trade holds it: items.trade_id).
      if (row && !row.tradeId) await repo.setItemPaymentStatus(tx, row.itemId, 'none');
    });
  }

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

  /**
   * Captures a purchase whose buyer approved it at the provider: one caller claims it (open -> capturing), and
   * only that one asks the provider, with the purchase's own request id so a retry after an unknown outcome is
   * the same capture. `wait`: a caller that lost the claim waits for the winner's outcome (racing returns).
   */
  async function capture(purchaseId: string, wait: boolean): Promise<PaymentResult> {
    const deadline = Date.now() + WAIT_FOR_CAPTURE_MS;
    for (;;) {
      const p = await repo.findPurchase(db, purchaseId);
      if (!p) throw new AppError(404, PAYMENT_ERRORS.notFound);
      if (p.status === 'captured' || p.status === 'refunded') return { status: 'COMPLETED', itemId: p.itemId, priceSold: centsToDollars(p.itemCents) };
      if (p.status === 'failed' || p.status === 'abandoned') throw failed();
      if (p.status === 'capture_pending') throw processing();
      if (p.status === 'capturing') {
        // A claim whose process died is settled by whoever finds it first: here, the buyer who came back.
        const resumed = await unknownAsProcessing(lease.takeOver(p.id, resumeCapture));
        if (resumed.held) return resumed.value;
        if (!wait || Date.now() > deadline) throw processing();
        await sleep(100);
        continue;
      }
      if (!p.orderId) throw failed();
      const captured = await unknownAsProcessing(lease.holding(p.id, () => claim(p.id), captureClaimed));
      if (captured.held) return captured.value;
    }
  }

  /**
   * The provider failing while a claim is held leaves the claim `capturing`: its check asks the provider again once
   * the claim is stale, with backoff while the provider stays down. The buyer hears payment_processing.
   */
  async function unknownAsProcessing<T>(work: Promise<T>): Promise<T> {
    try {
      return await work;
    } catch (error) {
      if (error instanceof PaymentProviderError) throw processing();
      throw error;
    }
  }

  /**
   * open -> capturing, with the job that checks on the claim a little later, in one transaction: if this process
   * dies before the capture is settled, that job (on any process) finds the claim's heartbeat stopped and settles it.
   */
  function claim(purchaseId: string) {
    return db.transaction(async (tx) => {
      const row = await repo.movePurchase(tx, purchaseId, ['open'], { status: 'capturing' });
      if (row) await scheduleCaptureCheck(tx, purchaseId, nextCheck(new Date()));
      return row;
    });
  }

  /** A capture the provider holds as pending keeps the item locked while it clears; asked again hourly. */
  async function holdPending(purchaseId: string, captureId: string | null) {
    const until = new Date(Date.now() + PENDING_CAPTURE_LOCK_MS);
    await db.transaction(async (tx) => {
      await repo.movePurchase(tx, purchaseId, ['capturing'], { status: 'capture_pending', captureId, lockedUntil: until });
      await scheduleReconcile(tx, purchaseId, new Date(Date.now() + 60 * 60 * 1000));
    });
  }

  /**
   * Settles a capture claim taken over from a process that died: the provider's record of the order decides. A
   * capture it made is written as the sale; one it never made is made now, with the purchase's own request id, so
   * that a capture the dead process's request is still making cannot become a second one.
   */
  async function resumeCapture(p: repo.PurchaseRow): Promise<PaymentResult> {
    if (!p.orderId) {
      await release(p.id, 'failed', 'claimed for capture without an order');
      throw failed();
    }
    // A provider failure here leaves the claim to the next check (a job retried with backoff).
    const order = await provider.getOrder(p.orderId);
    const c = order.capture;
    logger.warn({ purchaseId: p.id, orderStatus: order.status, captureStatus: c?.status }, 'settling a capture whose process stopped');
    if (c?.status === 'COMPLETED') return finalize(p.id, { ...c, shipping: order.shipping });
    if (c?.status === 'PENDING') {
      await holdPending(p.id, c.id);
      throw processing();
    }
    if (c) {
      await release(p.id, 'failed', `capture ${c.status}`);
      throw failed();
    }
    if (order.status === 'APPROVED') return captureClaimed(p);
    // Nothing the buyer approved to capture: the checkout is open again until its lock runs out.
    await repo.movePurchase(db, p.id, ['capturing'], { status: 'open' });
    throw new AppError(409, PAYMENT_ERRORS.notApproved);
  }

  /**
   * The capture check: settles the claim if its holder died, else looks again shortly. Outcomes for the buyer
   * (payment_failed, payment_processing) are recorded on the purchase, so they end the job; the provider failing
   * fails it, and the queue retries it with backoff.
   */
  async function checkCapture(purchaseId: string) {
    let resumed;
    try {
      resumed = await lease.takeOver(purchaseId, resumeCapture);
    } catch (error) {
      if (error instanceof AppError) return;
      throw error;
    }
    if (resumed.held) return;
    const p = await repo.findPurchase(db, purchaseId);
    if (p?.status === 'capturing') await scheduleCaptureCheck(undefined, purchaseId, nextCheck(p.updatedAt));
  }

  async function captureClaimed(p: repo.PurchaseRow): Promise<PaymentResult> {
    const reopen = () => repo.movePurchase(db, p.id, ['capturing'], { status: 'open' });
    let result;
    try {
      result = await provider.captureOrder({ orderId: p.orderId!, requestId: `capture:${p.id}` });
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) {
        await reopen();
        throw error;
      }
      logger.warn({ purchaseId: p.id, kind: error.kind, issue: error.issue, debugId: error.debugId }, 'payment capture refused');
      switch (error.kind) {
        case 'payer':
          // The buyer's funding failed: back to the provider to choose another, while the lock holds.
          await reopen();
          throw new AppError(402, PAYMENT_ERRORS.paymentRetry, { redirectUrl: p.approveUrl });
        case 'not_approved':
          await reopen();
          throw new AppError(409, PAYMENT_ERRORS.notApproved);
        case 'payee':
          await release(p.id, 'failed', `payee: ${error.issue}`);
          throw new AppError(409, PAYMENT_ERRORS.paymentError);
        case 'already_captured': {
          const order = await provider.getOrder(p.orderId!);
          if (order.capture?.status === 'COMPLETED') return finalize(p.id, { ...order.capture, shipping: order.shipping });
          await reopen();
          throw processing();
        }
        default:
          // Outcome unknown (the capture may have been made): the claim is given up as a dead holder's would be,
          // so the buyer coming back, or the check in a few seconds, asks the provider for the order at once and
          // captures it if it is not, with the same request id (so never twice). The lock holds meanwhile.
          await repo.giveUpCapture(db, p.id, STALE_CAPTURE_MS);
          await scheduleCaptureCheck(undefined, p.id, nextCheck(new Date()));
          throw processing();
      }
    }
    if (result.status === 'COMPLETED') return finalize(p.id, { id: result.captureId ?? '', amount: result.amount, currency: result.currency, shipping: result.shipping });
    if (result.status === 'PENDING') {
      await holdPending(p.id, result.captureId ?? null);
      throw processing();
    }
    await release(p.id, 'failed', `capture ${result.status}`);
    throw failed();
  }

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

  /**
   * Settles a purchase from the provider's record of its order: lapsed locks, unknown outcomes, buyers who
   * approved and never came back. Never abandons an order the buyer approved or the provider captured.
   */
  async function reconcile(purchaseId: string, options: { captureCheck?: boolean } = {}) {
    const p = await repo.findPurchase(db, purchaseId);
    if (!p || !repo.LOCKING.includes(p.status)) return;
    if (p.status === 'capturing') return checkCapture(p.id);
    // A capture claim's check found it settled: the purchase's own jobs (lock expiry, pending capture) do the rest.
    if (options.captureCheck) return;
    if (p.status === 'open' && p.lockedUntil.getTime() > Date.now()) return;
    if (!p.orderId) return release(p.id, 'abandoned', 'no order was created');
    const order = await provider.getOrder(p.orderId);
    const c = order.capture;
    if (c?.status === 'COMPLETED') {
      await finalize(p.id, { ...c, shipping: order.shipping }).catch((error: unknown) => logger.error({ err: error, purchaseId }, 'reconciliation could not finish a captured payment'));
      return;
    }
    if (c?.status === 'PENDING') {
      await scheduleReconcile(undefined, p.id, new Date(Date.now() + 60 * 60 * 1000));
      return;
    }
    if (c) return release(p.id, 'failed', `capture ${c.status}`);
    if (order.status === 'APPROVED') {
      // The buyer approved and left before returning: capturing is what they agreed to.
      await capture(p.id, false).catch((error: unknown) => {
        if (!(error instanceof AppError)) throw error;
      });
      return;
    }
    await release(p.id, 'abandoned', `order ${order.status} when the lock ran out`);
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

    /** The buyer is back from the provider with the order id: capture it (once) and sell the item. */
    async process(buyerId: string, orderId: string): Promise<PaymentResult> {
      const p = await repo.purchaseByOrder(db, provider.name, orderId);
      if (!p || p.buyerId !== buyerId) throw new AppError(404, PAYMENT_ERRORS.notFound);
      return capture(p.id, true);
    },

    reconcile,

    /**
     * At start-up: every purchase left claimed for capture gets its check now, so one stranded by a process that
     * died (the one this process replaces, on the embedded database) is settled as soon as its heartbeat is stale.
     */
    async recoverStrandedCaptures() {
      const ids = await repo.capturingPurchaseIds(db);
      for (const id of ids) await scheduleCaptureCheck(undefined, id, new Date());
      if (ids.length > 0) logger.warn({ purchases: ids.length }, 'checking captures left under way by a stopped process');
    },

    /** POST /api/payment/webhook: verified, stored once, applied by a job. Answers false for a bad signature. */
    async receiveWebhook(headers: Record<string, string | string[] | undefined>, rawBody: Buffer): Promise<boolean> {
      const verification = await provider.verifyWebhook({ headers, rawBody });
      if (!verification.verified) return false;
      const { event } = verification;
      await db.transaction(async (tx) => {
        if (await repo.storeEvent(tx, { id: event.id, eventType: event.event_type, resource: JSON.stringify(event.resource) })) {
          await jobs.send('payment-webhook', { eventId: event.id }, { tx, key: event.id });
        }
      });
      return true;
    },

    /** Applies a stored webhook event to our purchase (idempotent: the purchase's own state decides). */
    async applyWebhook(eventId: string) {
      const event = await repo.findEvent(db, eventId);
      if (!event || event.processedAt) return;
      const resource = JSON.parse(event.resource) as {
        id?: string;
        status?: string;
        amount?: { value?: string; currency_code?: string };
        supplementary_data?: { related_ids?: { order_id?: string } };
        links?: Array<{ rel?: string; href?: string }>;
        dispute_id?: string;
        reason?: string;
        disputed_transactions?: Array<{ seller_transaction_id?: string }>;
      };
      const orderId = resource.supplementary_data?.related_ids?.order_id;
      const purchase = orderId ? await repo.purchaseByOrder(db, provider.name, orderId) : undefined;
      switch (event.eventType) {
        case 'PAYMENT.CAPTURE.COMPLETED':
          if (purchase && repo.LOCKING.includes(purchase.status)) {
            // The capture event carries no address: the order does (Orders v2 purchase_units[0].shipping).
            const shipping = orderId ? (await provider.getOrder(orderId).catch(() => undefined))?.shipping : undefined;
            await finalize(purchase.id, { id: resource.id ?? '', amount: resource.amount?.value, currency: resource.amount?.currency_code, shipping }).catch((error: unknown) => {
              if (!(error instanceof AppError)) throw error;
            });
          }
          break;
        case 'PAYMENT.CAPTURE.DENIED':
          if (purchase) await release(purchase.id, 'failed', 'capture denied (webhook)');
          break;
        case 'PAYMENT.CAPTURE.REFUNDED': {
          // The refund's "up" link names the capture it refunds.
          const captureId = resource.links?.find((l) => l.rel === 'up')?.href?.split('/').pop();
          const refunded = captureId ? await repo.purchaseByCapture(db, captureId) : purchase;
          if (refunded) {
            await repo.movePurchase(db, refunded.id, ['captured'], { status: 'refunded' });
            logger.warn({ purchaseId: refunded.id, tradeId: refunded.tradeId }, 'a sale was refunded at the provider');
            // A trade's cash has no order of its own: both of the trade's orders record it, and their items stay traded.
            if (refunded.tradeId) await deps.orders.tradeCashRefunded(refunded.tradeId, refunded.itemCents);
            else await deps.orders.refunded(refunded.id);
          }
          break;
        }
        case 'CUSTOMER.DISPUTE.CREATED': {
          // A dispute names the captures it is about (seller_transaction_id); it goes on their orders' timelines.
          for (const t of resource.disputed_transactions ?? []) {
            const disputed = t.seller_transaction_id ? await repo.purchaseByCapture(db, t.seller_transaction_id) : undefined;
            if (disputed?.tradeId) await deps.orders.tradeDisputeOpened(disputed.tradeId, resource.dispute_id, resource.reason);
            else if (disputed) await deps.orders.disputeOpened(disputed.id, resource.dispute_id, resource.reason);
          }
          break;
        }
        default:
          break;
      }
      await repo.markEventProcessed(db, eventId);
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
