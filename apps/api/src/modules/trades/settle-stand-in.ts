import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { trades } from '../../db/schema/index';

/**
 * STAND-IN, replaced by settlement.ts (worktree trades-settle, createTradeSettlement(...).settle) once merged: it
 * only marks the trade settled, without opening the two orders, so the lifecycle can be built and tested first.
 */
export async function settleStandIn(tx: Tx, tradeId: string): Promise<string[]> {
  await tx.update(trades).set({ settledAt: sql`now()` }).where(eq(trades.id, tradeId));
  return [];
}
