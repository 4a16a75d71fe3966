import { TRADE_ERRORS } from '@keeb/shared';
import type { Config } from '../../config';
import type { Database, Tx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { queueMail } from '../../adapters/mail/mail-queue';
import type { RealtimeHub } from '../../realtime/hub';
import type { OrdersService } from '../orders/service';
import type { TradePaymentTerms } from '../payments/service';
import { tradeCompletedMail } from './settlement-mails';
import * as repo from './settlement-repo';

export interface TradeSettlementDeps {
  db: Database;
  config: Config;
  jobs: JobQueue;
  hub: RealtimeHub;
  orders: Pick<OrdersService, 'openTrade'>;
}

const notFound = () => new AppError(404, TRADE_ERRORS.notFound);
const invalidState = () => new AppError(409, TRADE_ERRORS.invalidState);

/** Who owes the trade's cash: the proposer adding money, the seller paying what the proposer asked, or nobody. */
export const payerOf = (t: { cashToSellerCents: number; cashToBuyerCents: number }) =>
  t.cashToSellerCents > 0 ? ('proposer' as const) : t.cashToBuyerCents > 0 ? ('seller' as const) : null;

/**
 * After a trade is accepted (issue 28): its cash payment's terms, the two orders once settled, and completion
 * once both orders are received. Every step runs in its caller's transaction under the trade's row lock, so a
 * cancellation, a capture and the two confirmations are ordered one after the other.
 */
export function createTradeSettlement(deps: TradeSettlementDeps) {
  const { db, config, jobs, hub } = deps;
  const orderUrl = (id: string) => `${config.appUrl}/me/orders/${id}`;

  return {
    /**
     * Opens the two orders of an accepted, unsettled trade and marks it settled. Called in the acceptance's
     * transaction when no cash is owed, and in the capture's (payments finalize) when it is paid. Answers the users
     * whose badge counts moved (both now have an order to ship), to push after the commit.
     */
    async settle(tx: Tx, tradeId: string): Promise<string[]> {
      const trade = await repo.lockTrade(tx, tradeId);
      if (!trade || trade.status !== 'accepted' || trade.settledAt) throw invalidState();
      const [item, offered] = await Promise.all([repo.tradeItem(tx, trade), repo.offeredItems(tx, tradeId)]);
      await deps.orders.openTrade(tx, { tradeId, sellerId: trade.sellerId, proposerId: trade.proposerId, item, offered });
      if (!(await repo.moveAccepted(tx, tradeId, false, { settledAt: new Date() }))) throw invalidState();
      await repo.addTradeEvent(tx, tradeId, 'settled', null);
      return [trade.sellerId, trade.proposerId];
    },

    /**
     * After the settling transaction commits: each side's open tabs hear that their order is paid and theirs to
     * ship (the corner notification; the badges move with the ids settle answered).
     */
    async announceSettled(tradeId: string) {
      for (const o of await repo.ordersToShip(db, tradeId)) {
        hub.toUsers([o.sellerId], 'orderUpdate', {
          orderId: o.id,
          item: { _id: o.itemId, name: o.itemName, thumbnail: o.itemThumbnail },
          status: 'paid',
          text: `Your trade is settled: please ship ${o.itemName}.`,
        });
      }
    },

    /** For a capture of the trade's cash: locks the trade and answers whether it still awaits that cash. */
    async lockForCapture(tx: Tx, tradeId: string): Promise<boolean> {
      const trade = await repo.lockTrade(tx, tradeId);
      return Boolean(trade && trade.status === 'accepted' && !trade.settledAt && payerOf(trade));
    },

    /**
     * POST /api/trade/{id}/pay's rules, under the trade's lock: outsiders 404 (as if there were no trade), a trade
     * not awaiting cash 409 invalid_state, the side that does not owe it 403 forbidden. The payer receives (and
     * the purchase names) the listing they get: the seller's item when the proposer pays, the first offered listing
     * when the seller pays; the payee is paid at the payment email of their listing in the trade.
     */
    async payTerms(tx: Tx, userId: string, tradeId: string): Promise<TradePaymentTerms> {
      if (!isUuid(tradeId)) throw notFound();
      const trade = await repo.lockTrade(tx, tradeId);
      if (!trade || (trade.sellerId !== userId && trade.proposerId !== userId)) throw notFound();
      const payer = payerOf(trade);
      if (trade.status !== 'accepted' || trade.settledAt || !payer) throw invalidState();
      const payerId = payer === 'proposer' ? trade.proposerId : trade.sellerId;
      if (userId !== payerId) throw new AppError(403, TRADE_ERRORS.forbidden);
      const item = await repo.tradeItem(tx, trade);
      const [first] = await repo.offeredItems(tx, tradeId);
      if (!first) throw invalidState();
      // What the payer gets is the payee's listing in the trade: its payment email is where the payee is paid.
      const gets = payer === 'proposer' ? item : first;
      return {
        tradeId,
        itemId: gets.id,
        itemName: item.name,
        payeeId: payer === 'proposer' ? trade.sellerId : trade.proposerId,
        cents: payer === 'proposer' ? trade.cashToSellerCents : trade.cashToBuyerCents,
        payeeEmail: gets.paymentEmail,
      };
    },

    /**
     * One of the trade's orders was received (its buyer confirmed, or 14 days passed), in that transaction. The
     * trade completes when both are: completed, every item traded to the side that received it, both told. The
     * trade's lock orders two confirmations arriving together, so the second sees the first. Answers the pushes to
     * send once committed.
     */
    async orderReceived(tx: Tx, orderId: string): Promise<(() => void) | undefined> {
      if (!isUuid(orderId)) return undefined;
      const [order] = await repo.ordersOfOrder(tx, orderId);
      if (!order?.tradeId) return undefined;
      const tradeId = order.tradeId;
      const trade = await repo.lockTrade(tx, tradeId);
      if (!trade || trade.status !== 'accepted' || !trade.settledAt) return undefined;
      const both = await repo.ordersOfTrade(tx, tradeId);
      if (both.length !== 2 || both.some((o) => o.status !== 'received')) return undefined;
      if (!(await repo.moveAccepted(tx, tradeId, true, { status: 'completed', completedAt: new Date() }))) return undefined;
      await repo.addTradeEvent(tx, tradeId, 'completed', null);
      const [item, offered] = await Promise.all([repo.tradeItem(tx, trade), repo.offeredItems(tx, tradeId)]);
      const received = [{ itemId: item.id, receiverId: trade.proposerId }, ...offered.map((i) => ({ itemId: i.id, receiverId: trade.sellerId }))];
      // items_traded_has_trade and items_sale_or_trade guard the rows; every one of them must move.
      if ((await repo.markTraded(tx, tradeId, received)) !== received.length) throw new Error(`trade ${tradeId}: not every item could be marked traded`);
      const offeredNames = offered.map((i) => i.name).join(', ');
      const sides = [
        { userId: trade.proposerId, gave: offeredNames, got: item.name, order: both.find((o) => o.buyerId === trade.proposerId)! },
        { userId: trade.sellerId, gave: item.name, got: offeredNames, order: both.find((o) => o.buyerId === trade.sellerId)! },
      ];
      for (const side of sides) {
        const to = await repo.contactOf(tx, side.userId);
        if (!to || to.removedAt || to.prefs.offers === false) continue;
        await queueMail(jobs, tx, `trade-completed:${tradeId}:${side.userId}`, tradeCompletedMail(to.email, to.username, side.gave, side.got, orderUrl(side.order.id)));
      }
      return () => {
        for (const side of sides) {
          const got = side.order.itemId === item.id ? item : offered[0]!;
          hub.toUsers([side.userId], 'orderUpdate', {
            orderId: side.order.id,
            item: { _id: got.id, name: got.name, thumbnail: got.thumbnail },
            status: 'received',
            text: `Your trade is complete: ${side.got} is yours.`,
          });
          hub.notifyCounts(side.userId);
        }
      };
    },
  };
}

export type TradeSettlement = ReturnType<typeof createTradeSettlement>;
