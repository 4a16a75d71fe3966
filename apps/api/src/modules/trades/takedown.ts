import { eq } from 'drizzle-orm';
import { TRADE_ERRORS } from '@keeb/shared';
import type { Tx } from '../../db/client';
import { items } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import type { TellClosed } from './closing';
import * as repo from './repo';

/**
 * Issue 36: an admin rejected `itemId`. The accepted trade holding it ends if it is not settled (its items free
 * again, both sides told: item_rejected), and so do the pending trades naming it; with its cash at the provider
 * right now the rejection waits (409 payment_pending: that payment decides first). A settled trade is left to its
 * orders. Runs before the rejection touches the item: it takes the trade's items' locks in id order, as accepting
 * does. Answers whose counts moved.
 */
export async function closeForTakedown(tx: Tx, itemId: string, tellClosed: TellClosed): Promise<string[]> {
  const [seen] = await tx.select({ tradeId: items.tradeId }).from(items).where(eq(items.id, itemId));
  const holder = seen?.tradeId ? await repo.findTrade(tx, seen.tradeId) : undefined;
  const ids = holder ? [holder.itemId, ...(await repo.offeredItemIds(tx, holder.id)), itemId] : [itemId];
  const locked = await repo.lockItems(tx, ids);
  // A trade accepted (or ended) between the read and the lock: the admin tries again.
  if ((locked.find((r) => r.id === itemId)?.tradeId ?? null) !== (seen?.tradeId ?? null)) throw new AppError(409, TRADE_ERRORS.invalidState);
  const moved: string[] = [];
  if (holder && holder.status === 'accepted' && !holder.settledAt) {
    if (await repo.paymentInProgress(tx, holder.id)) throw new AppError(409, TRADE_ERRORS.paymentPending);
    const row = await repo.transition(tx, holder.id, ['accepted'], { status: 'cancelled', closedReason: 'item_rejected', sellerActedAt: new Date() }, repo.unsettled());
    if (row) {
      await repo.releaseItems(tx, holder.id);
      moved.push(...(await tellClosed(tx, [row], 'item_rejected')));
    }
  }
  moved.push(...(await tellClosed(tx, await repo.closeOpenFor(tx, [itemId], 'item_rejected', null), 'item_rejected')));
  return moved;
}
