/**
 * What the payments module's action groups share: the lock and capture-check timings, the two errors most paths
 * answer, and `paymentSteps(deps)`, the small steps every group takes (queueing a reconciliation or a capture check,
 * giving an item's lock up) together with the one capture lease of the service. The lease is built here, once per
 * service, because its in-process set of held claims must be the same for the buyer's return (capture.ts) and the
 * capture check (recovery.ts); nothing else here keeps state.
 */
import { PAYMENT_ERRORS } from '@keeb/shared';
import type { Tx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { createCaptureLease, STALE_CAPTURE_MS } from './capture-lease';
import type { PaymentsDeps } from './deps';
import * as repo from './repo';

/** How long a buyer holds the item while at the provider; past it the provider is asked before the lock goes. */
export const PAYMENT_LOCK_MS = 30 * 60 * 1000;
/** A capture the provider holds as pending (e.g. an eCheck) keeps the item locked while it clears. */
export const PENDING_CAPTURE_LOCK_MS = 5 * 24 * 60 * 60 * 1000;
/**
 * A capture claim is checked just after it would go stale if its holder stopped beating at once, and then again
 * just after its last beat would go stale: a claim whose holder died is settled about STALE_CAPTURE_MS after its
 * last beat (plus the job queue's polling of scheduled jobs, 2 s at most).
 */
const CHECK_MARGIN_MS = 250;
export const nextCheck = (lastBeat: Date) => new Date(Math.max(Date.now(), lastBeat.getTime() + STALE_CAPTURE_MS) + CHECK_MARGIN_MS);

export const processing = () => new AppError(409, PAYMENT_ERRORS.paymentProcessing);
export const failed = () => new AppError(409, PAYMENT_ERRORS.failed);

export type PaymentSteps = ReturnType<typeof paymentSteps>;

export function paymentSteps(deps: PaymentsDeps) {
  const { db, jobs, logger } = deps;
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

  return { lease, scheduleReconcile, scheduleCaptureCheck, release };
}
