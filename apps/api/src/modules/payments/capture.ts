/**
 * The capture: the buyer back from the provider (`process`), the claim that lets one caller only ask the provider to
 * capture (open -> capturing, heartbeat in capture-lease.ts), the provider's answers to that capture (sold, pending,
 * refused, unknown), and the settling of a claim whose process died (`resumeCapture`), which the buyer's return and
 * the capture check in recovery.ts both run. Built from the deps, the shared steps and the sale (finalize.ts) by
 * `captureActions`; it keeps no state of its own (the claims held in this process are the lease's, in steps.ts).
 */
import { centsToDollars, PAYMENT_ERRORS, type PaymentResult } from '@keeb/shared';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '../../platform/errors';
import { PaymentProviderError } from '../../adapters/payment/index';
import { STALE_CAPTURE_MS } from './capture-lease';
import type { PaymentsDeps } from './deps';
import type { Finalize } from './finalize';
import * as repo from './repo';
import { failed, nextCheck, PENDING_CAPTURE_LOCK_MS, processing, type PaymentSteps } from './steps';

/** How long a second `process` call for the same order waits for the first one's outcome. */
const WAIT_FOR_CAPTURE_MS = 15_000;

export type CaptureActions = ReturnType<typeof captureActions>;

export function captureActions(deps: PaymentsDeps, steps: PaymentSteps, finalize: Finalize) {
  const { db, logger, provider } = deps;
  const { lease, scheduleReconcile, scheduleCaptureCheck, release } = steps;

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

  return {
    capture,
    resumeCapture,

    /** The buyer is back from the provider with the order id: capture it (once) and sell the item. */
    async process(buyerId: string, orderId: string): Promise<PaymentResult> {
      const p = await repo.purchaseByOrder(db, provider.name, orderId);
      if (!p || p.buyerId !== buyerId) throw new AppError(404, PAYMENT_ERRORS.notFound);
      return capture(p.id, true);
    },
  };
}
