import { centsToDollars, SHIP_WITHIN_HOURS, type OrderTrade, type TradeItem } from '@keeb/shared';
import type { Database, Tx } from '../../db/client';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { scheduleShipDeadlines } from './deadlines';
import * as mails from './mail-templates';
import type { OrderNotices } from './notices';
import * as repo from './repo';
import { trackingView } from './tracking';

const HOUR = 3_600_000;

/** What opening a trade's orders needs to know of it (trades/settlement.ts reads it under the trade's lock). */
export interface TradeToOpen {
  tradeId: string;
  sellerId: string;
  proposerId: string;
  /** The seller's listing: order toProposer carries it. */
  item: { id: string; name: string };
  /** The proposer's listings, in the trade's order: order toSeller carries them, named by the first. */
  offered: Array<{ id: string; name: string }>;
}

/**
 * A trade's side of the orders module (issue 28): each side of a settled trade is an order of its own, with no
 * purchase (price and shipping 0), shipped to the receiver's saved mailing address, under the same deadlines, timeline,
 * problems and confirmation as a sale's. `otherOrder` lets one page show both parcels.
 */
export function createTradeOrders(deps: { db: Database; jobs: JobQueue; notices: OrderNotices }) {
  const { db, jobs, notices } = deps;

  const listed = (i: { _id: string; name: string; thumbnail: string; priceCents: number }): TradeItem => ({ _id: i._id, name: i.name, thumbnail: i.thumbnail, price: centsToDollars(i.priceCents) });

  return {
    /**
     * Both orders, in the settling transaction: paid now, to ship within 72 hours with the sale's deadline jobs,
     * a first timeline entry, and a 'ship your part' mail to each side. Answers their ids.
     */
    async open(tx: Tx, t: TradeToOpen): Promise<{ toSeller: string; toProposer: string }> {
      const first = t.offered[0];
      if (!first) throw new Error(`trade ${t.tradeId} has no offered listing`);
      const offeredNames = t.offered.map((i) => i.name).join(', ');
      const paidAt = new Date();
      const shipBy = new Date(paidAt.getTime() + SHIP_WITHIN_HOURS * HOUR);
      const sides = [
        { key: 'toSeller' as const, itemId: first.id, sellerId: t.proposerId, buyerId: t.sellerId, gives: offeredNames, receives: t.item.name },
        { key: 'toProposer' as const, itemId: t.item.id, sellerId: t.sellerId, buyerId: t.proposerId, gives: t.item.name, receives: offeredNames },
      ];
      const ids = { toSeller: '', toProposer: '' };
      for (const side of sides) {
        const shipTo = await repo.mailingAddressOf(tx, side.buyerId);
        const order = await repo.insertOrder(tx, { tradeId: t.tradeId, itemId: side.itemId, buyerId: side.buyerId, sellerId: side.sellerId, status: 'paid', paidAt, shipBy, shipTo });
        // orders_item_key: a listing is in one order ever; a second settle of one trade is a bug, not a retry.
        if (!order) throw new Error(`trade ${t.tradeId}: ${side.itemId} already has an order`);
        ids[side.key] = order.id;
        await repo.addEvent(tx, order.id, 'trade_settled', null, { tradeId: t.tradeId });
        await scheduleShipDeadlines(jobs, tx, order.id, paidAt, shipBy);
        await notices.mail(tx, side.sellerId, 'seller', `trade-ship:${order.id}`, (c) => mails.shipYourPartMail(c.email, c.username, side.gives, side.receives, notices.orderUrl(order.id)));
      }
      return ids;
    },

    /** OrderDetail.tradeSide: the trade, what this order's parcel carries, and the other side's parcel. */
    async side(order: repo.OrderRow): Promise<OrderTrade | undefined> {
      if (!order.tradeId) return undefined;
      const [found, both] = await Promise.all([repo.tradeOfOrder(db, order.tradeId), repo.tradeOrders(db, order.tradeId)]);
      const other = both.find((o) => o.id !== order.id);
      if (!found?.item || !other) return undefined;
      const parcel = (o: repo.OrderRow) => (o.itemId === found.trade.itemId ? [listed(found.item!)] : found.offered.map(listed));
      return {
        _id: found.trade.id,
        status: found.trade.status,
        cashToSeller: centsToDollars(found.trade.cashToSellerCents),
        cashToBuyer: centsToDollars(found.trade.cashToBuyerCents),
        side: order.itemId === found.trade.itemId ? 'toProposer' : 'toSeller',
        items: parcel(order),
        otherOrder: {
          _id: other.id,
          status: other.status,
          late: other.shippedAt === null && (other.status === 'paid' || other.status === 'problem') && other.shipBy.getTime() < Date.now(),
          shippedAt: other.shippedAt?.toISOString() ?? null,
          receivedAt: other.receivedAt?.toISOString() ?? null,
          ...(other.shippedAt ? { tracking: trackingView({ number: other.trackingNumber, carrier: other.trackingCarrier }) } : {}),
          items: parcel(other),
        },
      };
    },

    /**
     * What the provider reports about the trade's cash (webhooks on its purchase, which has no order of its own): on
     * both orders' timelines, once each (`same` spots a redelivery). The orders and their items are left as they
     * are: the parcels are the trade, the cash only its top-up.
     */
    async onBothTimelines(tradeId: string, kind: string, data: Record<string, unknown>, same: (earlier: Record<string, unknown>) => boolean) {
      await db.transaction(async (tx) => {
        for (const o of await repo.tradeOrders(tx, tradeId)) {
          await repo.lockOrder(tx, o.id);
          const events = await repo.timeline(tx, o.id);
          if (events.some((e) => e.kind === kind && same(e.data))) continue;
          await repo.addEvent(tx, o.id, kind, null, data);
        }
      });
    },
  };
}
