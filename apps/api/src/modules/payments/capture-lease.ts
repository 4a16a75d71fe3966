import type { Database } from '../../db/client';
import type { Logger } from '../../platform/logger';
import * as repo from './repo';

/** How often a process capturing a purchase says it is still alive. */
export const CAPTURE_HEARTBEAT_MS = 1000;
/**
 * A capture claim whose heartbeat is this old belongs to a process that died (SIGKILL, crash, lost machine).
 * Five beats: an event loop stalled for a few seconds on a busy machine is not taken for dead. A claim wrongly
 * taken over is still safe (the same PayPal-Request-Id, and a sale written once), only wasteful.
 */
export const STALE_CAPTURE_MS = 5 * CAPTURE_HEARTBEAT_MS;

export type Holding<T> = { held: true; value: T } | { held: false };

/**
 * Who is capturing a purchase (docs/decisions/0357-who-is-capturing-heartbeat-on-claim.md). The process that claims a
 * capture (open -> capturing) touches the row's updated_at every beat while it asks the provider and writes the sale;
 * a claim whose beat has stopped is taken over by whoever finds it (the check job queued with the claim, the start-up
 * sweep, the buyer coming back). Claims this process holds are never taken over by itself. The embedded database gets
 * the same rule: its restarted process finds the dead one's claim at start-up and settles it once stale.
 */
export function createCaptureLease(db: Database, options: { logger: Logger }) {
  const held = new Set<string>();

  /**
   * Runs `work` on the row `take` claims, beating the claim's heartbeat until `work` settles. `take` answers the row
   * once the claim is this process's (a conditional update), or undefined when it is not.
   */
  async function holding<T>(purchaseId: string, take: () => Promise<repo.PurchaseRow | undefined>, work: (row: repo.PurchaseRow) => Promise<T>): Promise<Holding<T>> {
    // Marked before the first await: two requests of this process for one purchase never both take it.
    if (held.has(purchaseId)) return { held: false };
    held.add(purchaseId);
    let beat: NodeJS.Timeout | undefined;
    try {
      const row = await take();
      if (!row) return { held: false };
      beat = setInterval(() => {
        repo.touchCapture(db, purchaseId, STALE_CAPTURE_MS).catch((err: unknown) => options.logger.warn({ err, purchaseId }, 'capture heartbeat failed'));
      }, CAPTURE_HEARTBEAT_MS);
      return { held: true, value: await work(row) };
    } finally {
      clearInterval(beat);
      held.delete(purchaseId);
    }
  }

  return {
    holding,
    /** Takes over the claim of a process that died, then runs `work` as its new holder. */
    takeOver<T>(purchaseId: string, work: (row: repo.PurchaseRow) => Promise<T>) {
      return holding(purchaseId, () => repo.takeOverCapture(db, purchaseId, STALE_CAPTURE_MS), work);
    },
  };
}
