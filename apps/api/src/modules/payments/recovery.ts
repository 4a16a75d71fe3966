/**
 * Recovery: what settles a purchase no request finished. `reconcile` (the `payment-reconcile` job, and a checkout
 * finding the last buyer's lock run out) asks the provider for the order of a lapsed or uncertain purchase and
 * finishes it; the capture check settles a claim whose process died; `recoverStrandedCaptures` queues that check for
 * every claim left at start-up. Kept apart from the checkout and the buyer's return, which it calls into (capture.ts,
 * finalize.ts); built by `recoveryActions` from those and the shared steps, with no state of its own.
 */
import { AppError } from '../../platform/errors';
import type { CaptureActions } from './capture';
import type { PaymentsDeps } from './deps';
import type { Finalize } from './finalize';
import * as repo from './repo';
import { nextCheck, type PaymentSteps } from './steps';

export type RecoveryActions = ReturnType<typeof recoveryActions>;

export function recoveryActions(deps: PaymentsDeps, steps: PaymentSteps, finalize: Finalize, captures: Pick<CaptureActions, 'capture' | 'resumeCapture'>) {
  const { db, logger, provider } = deps;
  const { lease, scheduleReconcile, scheduleCaptureCheck, release } = steps;
  const { capture, resumeCapture } = captures;

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
  };
}
