import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { MAX_UNPAID_CHECKOUTS, PAYMENT_ERRORS } from '@keeb/shared';
import type { Tx } from '../../db/client';
import { purchases, users } from '../../db/schema/index';
import { AppError } from '../../platform/errors';

/** Checkouts of one listing a buyer may give up (cancel, or let run out) within GIVE_UP_WINDOW_MS before waiting. */
export const GIVE_UPS_BEFORE_WAIT = 3;
export const GIVE_UP_WINDOW_MS = 60 * 60 * 1000;

/**
 * Issue 36: whether `buyerId` may hold `itemId` at checkout now, inside the checkout's transaction (after the item's
 * lock). The buyer's row is locked first, so two creates of one buyer count one after the other and cannot both
 * pass the limit. A buyer holds at most MAX_UNPAID_CHECKOUTS listings at a time (409 too_many_checkouts), and one
 * who gave up checkouts of this listing GIVE_UPS_BEFORE_WAIT times within the hour waits until the oldest of them
 * is an hour old (429 checkout_cooldown, `timeLeft` in seconds). Trades' cash is not counted: the trade holds the
 * items, not its checkout.
 */
export async function assertMayHold(tx: Tx, buyerId: string, itemId: string) {
  const [buyer] = await tx.select({ removedAt: users.removedAt }).from(users).where(eq(users.id, buyerId)).for('update');
  if (!buyer || buyer.removedAt) throw new AppError(401, PAYMENT_ERRORS.notFound);
  const [held] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(purchases)
    .where(and(eq(purchases.buyerId, buyerId), isNull(purchases.tradeId), eq(purchases.status, 'open'), gt(purchases.lockedUntil, sql`now()`)));
  if ((held?.n ?? 0) >= MAX_UNPAID_CHECKOUTS) throw new AppError(409, PAYMENT_ERRORS.tooManyCheckouts, { limit: MAX_UNPAID_CHECKOUTS });
  const since = new Date(Date.now() - GIVE_UP_WINDOW_MS);
  const givenUp = await tx
    .select({ at: purchases.updatedAt })
    .from(purchases)
    .where(and(eq(purchases.buyerId, buyerId), eq(purchases.itemId, itemId), eq(purchases.status, 'abandoned'), gt(purchases.updatedAt, since)))
    .orderBy(desc(purchases.updatedAt))
    .limit(GIVE_UPS_BEFORE_WAIT);
  const oldest = givenUp[GIVE_UPS_BEFORE_WAIT - 1];
  if (oldest) {
    const timeLeft = Math.max(1, Math.ceil((oldest.at.getTime() + GIVE_UP_WINDOW_MS - Date.now()) / 1000));
    throw new AppError(429, PAYMENT_ERRORS.checkoutCooldown, { timeLeft });
  }
}
