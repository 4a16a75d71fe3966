import {
  ADDRESS_VISIBLE_DAYS,
  AUTO_RECEIVE_DAYS,
  ERROR_CODES,
  isCursorInstant,
  centsToDollars,
  MailingAddressSchema,
  ORDER_ERRORS,
  SHIP_WITHIN_HOURS,
  type MailingAddress,
  type OrderDetail,
  type OrderSummary,
  type ProblemReason,
} from '@keeb/shared';
import type { Config } from '../../config';
import type { Database, Tx } from '../../db/client';
import { uniqueViolation } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import type { JobQueue } from '../../platform/jobs/job-queue';
import type { Logger } from '../../platform/logger';
import { PaymentProviderError, type PaymentProvider, type ShippingAddress } from '../../adapters/payment/index';
import type { RealtimeHub } from '../../realtime/hub';
import type { ChatService } from '../chat/service';
import { createAdminProblems } from './admin-problems';
import { deadlineJob, resumeAutoReceive, scheduleReceiveDeadlines, scheduleShipDeadlines } from './deadlines';
import * as mails from './mail-templates';
import { createOrderNotices, type OrderItemRef, type OrderPushes } from './notices';
import * as repo from './repo';
import { addShipTo, awaitsAddress } from './ship-to';
import { createTradeOrders, type TradeToOpen } from './trade-orders';
import { paypalCarrier, readTracking, trackingView } from './tracking';

/** GET /api/me/orders and /api/admin/problems page sizes. */
export const ORDERS_PAGE_SIZE = 20;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface OrdersDeps {
  db: Database;
  config: Config;
  jobs: JobQueue;
  logger: Logger;
  provider: PaymentProvider;
  hub: RealtimeHub;
  chat: Pick<ChatService, 'postNotice'>;
  isAdmin(userId: string): Promise<boolean>;
  /**
   * Issue 28: a trade's order was received (by its buyer or the 14-day rule), in that transaction; the trade
   * completes once both are (trades/settlement.ts). Answers what to push once committed.
   */
  tradeReceived(tx: Tx, orderId: string): Promise<(() => void) | undefined>;
}

const notFound = () => new AppError(404, ORDER_ERRORS.notFound);
const forbidden = () => new AppError(403, ORDER_ERRORS.forbidden);
const invalidState = () => new AppError(409, ORDER_ERRORS.invalidState);
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const person = (id: string, username: string, avatar: string | null, removed: boolean) =>
  removed ? { _id: id, username: 'User Not Found', avatar: null } : { _id: id, username, avatar };

/** `${paidAt}_${id}` (OrdersQuerySchema's cursor); anything else is invalid_cursor. */
export function decodeCursor(cursor: string): { at: string; id: string } {
  const sep = cursor.lastIndexOf('_');
  const at = cursor.slice(0, sep);
  const id = cursor.slice(sep + 1);
  // Year 0000 parses in JavaScript and not in PostgreSQL (issue 36): isCursorInstant takes the years 1 to 9999.
  if (sep < 0 || !isUuid(id) || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(at) || !isCursorInstant(at)) throw new AppError(400, ERROR_CODES.invalidCursor);
  return { at, id };
}

export function createOrdersService(deps: OrdersDeps) {
  const { db, jobs, logger, provider } = deps;
  const notices = createOrderNotices({ config: deps.config, jobs, hub: deps.hub });
  const tradeOrders = createTradeOrders({ db, jobs, notices });

  const summary = (v: repo.OrderView, viewerId: string): OrderSummary => {
    const buyerSide = v.order.buyerId === viewerId;
    return {
      _id: v.order.id,
      item: { _id: v.order.itemId, name: v.itemName, thumbnail: v.itemThumbnail },
      status: v.order.status,
      late: v.late,
      price: centsToDollars(v.itemCents),
      shippingPrice: centsToDollars(v.shippingCents),
      paidAt: v.order.paidAt.toISOString(),
      otherUser: buyerSide
        ? person(v.order.sellerId, v.sellerUsername, v.sellerAvatar, v.sellerRemoved)
        : person(v.order.buyerId, v.buyerUsername, v.buyerAvatar, v.buyerRemoved),
      trade: v.order.tradeId ? { _id: v.order.tradeId } : null,
    };
  };

  const refOf = (v: repo.OrderView): OrderItemRef => ({ orderId: v.order.id, itemId: v.order.itemId, itemName: v.itemName, itemThumbnail: v.itemThumbnail });

  /** Whether the buyer may report a problem now: once shipped, or unshipped past the 72 hours. */
  const problemAllowed = (o: repo.OrderRow) => o.status === 'shipped' || (o.status === 'paid' && o.shipBy.getTime() <= Date.now());

  async function detail(viewerId: string, id: string): Promise<OrderDetail> {
    if (!isUuid(id)) throw notFound();
    const v = await repo.orderView(db, id);
    if (!v) throw notFound();
    const o = v.order;
    const role = o.buyerId === viewerId ? 'buyer' : o.sellerId === viewerId ? 'seller' : (await deps.isAdmin(viewerId)) ? 'admin' : undefined;
    if (!role) throw notFound();
    const [events, problem, rated, tradeSide] = await Promise.all([
      repo.timeline(db, id),
      repo.latestProblem(db, id),
      role === 'buyer' ? repo.isRated(db, o.itemId) : false,
      tradeOrders.side(o),
    ]);
    // A trade's side rates the other once the whole trade is complete, through the order it received.
    const ratable = o.tradeId ? tradeSide?.status === 'completed' : o.status !== 'refunded';
    const openProblem = problem && !problem.resolvedAt;
    const actions: OrderDetail['actions'] = [];
    // Issue 36: nothing can be shipped to no address; the seller waits for the buyer's (they are mailed it).
    if (role === 'seller' && (o.status === 'paid' || (o.status === 'problem' && !o.shippedAt)) && !awaitsAddress(o)) actions.push('ship');
    if (role === 'buyer') {
      // Issue 36: receipt is of a parcel that left; a confirmed trade needs one.
      if (o.shippedAt && ['shipped', 'problem'].includes(o.status)) actions.push('received');
      if (awaitsAddress(o)) actions.push('address');
      if (problemAllowed(o)) actions.push('problem');
      if (openProblem) actions.push('resolve');
      if (!rated && ratable) actions.push('rate');
    }
    if (role === 'admin' && openProblem) actions.push('close');
    const addressGone = o.closedAt !== null && o.closedAt.getTime() < Date.now() - ADDRESS_VISIBLE_DAYS * DAY;
    return {
      ...summary(v, viewerId),
      role,
      buyer: person(o.buyerId, v.buyerUsername, v.buyerAvatar, v.buyerRemoved),
      seller: person(o.sellerId, v.sellerUsername, v.sellerAvatar, v.sellerRemoved),
      shipBy: o.shipBy.toISOString(),
      shippedAt: iso(o.shippedAt),
      receivedAt: iso(o.receivedAt),
      ...(role !== 'buyer' ? { shipTo: addressGone ? null : o.shipTo } : {}),
      awaitingAddress: awaitsAddress(o),
      ...(o.shippedAt ? { tracking: trackingView({ number: o.trackingNumber, carrier: o.trackingCarrier }) } : {}),
      problem: problem
        ? { _id: problem.id, reason: problem.reason, details: problem.details, openedAt: problem.openedAt.toISOString(), resolvedAt: iso(problem.resolvedAt), resolution: problem.resolution }
        : null,
      timeline: events.map((e) => ({ kind: e.kind, at: e.at.toISOString(), data: e.data })),
      ...(tradeSide ? { tradeSide } : {}),
      actions,
    };
  }

  /**
   * One transition by one side: the order must be the caller's (anyone else: 404, as if it did not exist), on the
   * right side (the other side: 403), then it is locked and `run` decides under the lock, so two calls on one
   * order run one after the other. Pushes go after the commit; the answer is the order as the caller sees it now.
   */
  async function act(side: 'buyer' | 'seller', userId: string, id: string, run: (tx: Tx, order: repo.OrderRow, v: repo.OrderView, pushes: OrderPushes) => Promise<void>) {
    if (!isUuid(id)) throw notFound();
    const found = await repo.findOrder(db, id);
    if (!found || (found.buyerId !== userId && found.sellerId !== userId)) throw notFound();
    if ((side === 'buyer' ? found.buyerId : found.sellerId) !== userId) throw forbidden();
    const pushes = notices.pushes();
    try {
      await db.transaction(async (tx) => {
        const order = await repo.lockOrder(tx, id);
        const v = order && (await repo.orderView(tx, id));
        if (!order || !v) throw notFound();
        await run(tx, order, v, pushes);
      });
    } catch (error) {
      if (uniqueViolation(error) === 'order_problems_one_open_key') throw invalidState();
      throw error;
    }
    pushes.flush();
    return detail(userId, id);
  }

  /** The open problem ends (resolved by the buyer, closed by an admin): the order goes back to where it was. */
  async function endProblem(tx: Tx, order: repo.OrderRow, resolution: 'resolved' | 'closed', by: string | null) {
    const ended = await repo.endProblem(tx, order.id, resolution, by);
    if (!ended) throw invalidState();
    const back = order.shippedAt ? 'shipped' : 'paid';
    const moved = await repo.moveOrder(tx, order.id, ['problem'], { status: back });
    if (!moved) throw invalidState();
    await repo.addEvent(tx, order.id, resolution === 'resolved' ? 'problem_resolved' : 'problem_closed', by);
    if (order.shippedAt) await resumeAutoReceive(jobs, tx, order.id, order.shippedAt);
    return ended;
  }

  const adminProblems = createAdminProblems({ db, notices, pageSize: ORDERS_PAGE_SIZE, decodeCursor, summary, person, refOf, detail, endProblem });

  return {
    /**
     * The sale's order, in the sale's transaction (payments finalize): paid now, to ship within 72 hours, to the
     * address the provider returned (checked as a mailing address; kept null when absent or invalid), with its
     * timeline's first entry and its shipping deadlines. Run again for the same purchase, it adds nothing.
     */
    async open(tx: Tx, purchase: { id: string; itemId: string; buyerId: string; sellerId: string }, shipping: ShippingAddress | undefined) {
      const parsed = shipping ? MailingAddressSchema.safeParse(shipping) : undefined;
      if (!parsed?.success) logger.warn({ purchaseId: purchase.id, given: Boolean(shipping) }, 'sale without a usable shipping address; the seller must ask the buyer');
      const paidAt = new Date();
      const shipBy = new Date(paidAt.getTime() + SHIP_WITHIN_HOURS * HOUR);
      const order = await repo.insertOrder(tx, { ...purchase, status: 'paid', paidAt, shipBy, shipTo: parsed?.success ? parsed.data : null });
      // Issue 36: whether the sale's mails can send the seller to an address, or must ask the buyer for one.
      const hasAddress = Boolean(parsed?.success);
      if (!order) return { hasAddress };
      await repo.addEvent(tx, order.id, 'paid', purchase.buyerId);
      await scheduleShipDeadlines(jobs, tx, order.id, paidAt, shipBy);
      return { hasAddress };
    },

    async list(userId: string, query: { role: 'bought' | 'sold'; cursor?: string | undefined }): Promise<OrderSummary[]> {
      const c = query.cursor ? decodeCursor(query.cursor) : undefined;
      const rows = await repo.ordersPage(db, userId, query.role, c ? { paidAt: c.at, id: c.id } : undefined, ORDERS_PAGE_SIZE);
      return rows.map((v) => summary(v, userId));
    },

    detail,

    ship: (sellerId: string, id: string, input: { trackingNumber?: string | undefined; carrier?: string | undefined }) => {
      const tracking = readTracking(input);
      return act('seller', sellerId, id, async (tx, order, v, pushes) => {
        if (!(order.status === 'paid' || (order.status === 'problem' && !order.shippedAt))) throw invalidState();
        if (awaitsAddress(order)) throw new AppError(409, ORDER_ERRORS.noShipTo);
        const shippedAt = new Date();
        const moved = await repo.moveOrder(
          tx,
          order.id,
          [order.status],
          {
            // A problem open on an unshipped order stays open: shipping does not settle it.
            status: order.status === 'problem' ? 'problem' : 'shipped',
            shippedAt,
            trackingNumber: tracking.number,
            trackingCarrier: tracking.carrier,
            // A trade's order has no provider order to copy the tracking to.
            trackingSync: tracking.number && !order.tradeId ? 'pending' : null,
          },
        );
        if (!moved) throw invalidState();
        await repo.addEvent(tx, order.id, 'shipped', sellerId, { trackingNumber: tracking.number, carrier: tracking.carrier });
        if (tracking.number && !order.tradeId) await jobs.send('order-tracking-sync', { orderId: order.id }, { tx, key: order.id });
        await scheduleReceiveDeadlines(jobs, tx, order.id, shippedAt);
        const view = trackingView(tracking);
        await notices.mail(tx, order.buyerId, 'buyer', `order-shipped:${order.id}`, (c) => mails.shippedMail(c.email, c.username, v.itemName, view, notices.orderUrl(order.id)));
        pushes.update([order.buyerId], refOf(v), moved.status, `Your order of ${v.itemName} has shipped.`);
        pushes.counts([order.buyerId, order.sellerId]);
      });
    },

    /**
     * The buyer confirms: received and closed. An open problem ends with it, as resolved. Issue 36: only once the
     * parcel left (marked shipped): before that there is nothing to have received, and a confirmed trade needs a
     * parcel ('not_shipped'; docs/decisions/0502-receipt-before-shipping-refused-not-kept.md).
     */
    received: (buyerId: string, id: string) =>
      act('buyer', buyerId, id, async (tx, order, v, pushes) => {
        if (!['paid', 'shipped', 'problem'].includes(order.status)) throw invalidState();
        if (!order.shippedAt) throw new AppError(409, ORDER_ERRORS.notShipped);
        if (order.status === 'problem') {
          await repo.endProblem(tx, order.id, 'resolved', buyerId);
          await repo.addEvent(tx, order.id, 'problem_resolved', buyerId);
        }
        const now = new Date();
        const moved = await repo.moveOrder(tx, order.id, [order.status], { status: 'received', receivedAt: now, closedAt: now });
        if (!moved) throw invalidState();
        await repo.addEvent(tx, order.id, 'received', buyerId, { auto: false });
        const counted = order.trackingNumber !== null || order.shippedAt.getTime() <= now.getTime() - AUTO_RECEIVE_DAYS * DAY;
        await notices.mail(tx, order.sellerId, 'seller', `order-received:${order.id}`, (c) => mails.receivedMail(c.email, c.username, v.itemName, false, notices.orderUrl(order.id), counted));
        pushes.update([order.sellerId], refOf(v), 'received', `${v.itemName} was received by the buyer.`);
        pushes.counts([order.buyerId, order.sellerId]);
        if (order.tradeId) {
          const completed = await deps.tradeReceived(tx, order.id);
          if (completed) pushes.after(completed);
        }
      }),

    problem: (buyerId: string, id: string, input: { reason: ProblemReason; details: string }) =>
      act('buyer', buyerId, id, async (tx, order, v, pushes) => {
        if (order.status === 'paid' && !problemAllowed(order)) throw new AppError(409, ORDER_ERRORS.tooEarly, { shipBy: order.shipBy.toISOString() });
        if (!problemAllowed(order)) throw invalidState();
        const moved = await repo.moveOrder(tx, order.id, [order.status], { status: 'problem' });
        if (!moved) throw invalidState();
        const problem = await repo.insertProblem(tx, { orderId: order.id, reason: input.reason, details: input.details, openedBy: buyerId });
        await repo.addEvent(tx, order.id, 'problem_reported', buyerId, { reason: input.reason });
        // The pair's conversation gets a notice, as a message from the buyer, so the seller sees it where they talk.
        const push = await deps.chat.postNotice(tx, {
          senderId: buyerId,
          recipientId: order.sellerId,
          itemId: order.itemId,
          body: `Reported a problem with this order: ${mails.REASON_TEXT[input.reason]}.`,
          notice: { kind: 'problem_reported', orderId: order.id, problemId: problem.id, reason: input.reason },
        });
        pushes.after(push);
        await notices.mail(tx, order.sellerId, 'seller', `order-problem:${problem.id}`, (c) =>
          mails.problemMail(c.email, c.username, v.buyerUsername, v.itemName, input.reason, input.details, notices.orderUrl(order.id)),
        );
        pushes.update([order.sellerId], refOf(v), 'problem', `A problem was reported with ${v.itemName}.`);
        pushes.counts([order.buyerId, order.sellerId]);
      }),

    resolve: (buyerId: string, id: string) =>
      act('buyer', buyerId, id, async (tx, order, v, pushes) => {
        if (order.status !== 'problem') throw invalidState();
        await endProblem(tx, order, 'resolved', buyerId);
        pushes.update([order.sellerId], refOf(v), order.shippedAt ? 'shipped' : 'paid', `The problem with ${v.itemName} was marked resolved.`);
        pushes.counts([order.buyerId, order.sellerId]);
      }),

    /** PUT /api/order/{id}/ship-to (issue 36): the buyer gives the address the payment came without (ship-to.ts). */
    shipTo: (buyerId: string, id: string, address: MailingAddress) =>
      act('buyer', buyerId, id, (tx, order, v, pushes) => addShipTo({ jobs, notices }, tx, order, v, pushes, refOf(v), address)),

    openProblems: adminProblems.openProblems,
    closeProblem: adminProblems.closeProblem,

    /** 'order-deadline': reminders, 'Late' and the automatic confirmation (deadlines.ts). */
    deadlineJob: deadlineJob({ db, notices, tradeReceived: (tx, orderId) => deps.tradeReceived(tx, orderId) }),

    /** Issue 28: a settled trade's two orders (trades/settlement.ts, in the settling transaction). */
    openTrade: (tx: Tx, trade: TradeToOpen) => tradeOrders.open(tx, trade),

    /** Issue 28: the trade's cash refunded at the provider, on both its orders' timelines. */
    tradeCashRefunded: (tradeId: string, cents: number) =>
      tradeOrders.onBothTimelines(tradeId, 'trade_cash_refunded', { tradeId, amount: centsToDollars(cents) }, () => true),

    /** Issue 28: a dispute opened at the provider on the trade's cash, on both its orders' timelines. */
    tradeDisputeOpened: (tradeId: string, disputeId: string | undefined, reason: string | undefined) =>
      tradeOrders.onBothTimelines(tradeId, 'dispute_opened', { disputeId: disputeId ?? null, reason: reason ?? null }, (e) => e.disputeId === (disputeId ?? null)),

    /**
     * 'order-tracking-sync': the tracking goes to the provider (PayPal's /track), which is what protects the
     * seller in a dispute. Refused (the number, the carrier): recorded, and the order stays shipped. The provider
     * unavailable: thrown, so the queue retries.
     */
    async trackingSyncJob(payload: { orderId: string }) {
      const order = await repo.findOrder(db, payload.orderId);
      if (!order || order.trackingSync !== 'pending' || !order.trackingNumber) return;
      const refuse = (issue: string) =>
        db.transaction(async (tx) => {
          if (await repo.setTrackingSync(tx, order.id, { trackingSync: 'refused', trackingSyncError: issue })) {
            await repo.addEvent(tx, order.id, 'tracking_refused', null, { issue });
          }
        });
      const purchase = await repo.purchaseOf(db, order.id);
      // Paid through another provider than the one configured now (PayPal set up after a sale on the stand-in).
      if (!purchase?.orderId || !purchase.captureId || purchase.provider !== provider.name) return refuse('NO_PROVIDER_ORDER');
      try {
        await provider.addTracking({
          orderId: purchase.orderId,
          captureId: purchase.captureId,
          trackingNumber: order.trackingNumber,
          ...paypalCarrier(order.trackingCarrier),
          notifyPayer: true,
          requestId: `track:${order.id}:${order.trackingNumber}`,
        });
      } catch (error) {
        if (!(error instanceof PaymentProviderError) || error.kind === 'unavailable') throw error;
        logger.warn({ orderId: order.id, issue: error.issue, debugId: error.debugId }, 'the provider refused the tracking');
        return refuse(error.issue);
      }
      await repo.setTrackingSync(db, order.id, { trackingSync: 'sent', trackingSyncError: null });
    },

    /**
     * A refund the provider reported (webhook PAYMENT.CAPTURE.REFUNDED) for the purchase `id`: the order ends
     * refunded, an open problem closed with it. Whatever the order's status: the money went back.
     */
    async refunded(id: string) {
      const pushes = notices.pushes();
      await db.transaction(async (tx) => {
        const order = await repo.lockOrder(tx, id);
        const v = order && (await repo.orderView(tx, id));
        if (!order || !v || order.status === 'refunded') return;
        if (order.status === 'problem') await repo.endProblem(tx, order.id, 'closed', null);
        const now = new Date();
        await repo.moveOrder(tx, order.id, [order.status], { status: 'refunded', refundedAt: now, closedAt: now });
        await repo.addEvent(tx, order.id, 'refunded', null);
        pushes.update([order.buyerId, order.sellerId], refOf(v), 'refunded', `${v.itemName} was refunded.`);
        pushes.counts([order.buyerId, order.sellerId]);
      });
      pushes.flush();
    },

    /** A dispute opened at the provider (webhook CUSTOMER.DISPUTE.CREATED) on the purchase `id`: on the timeline, once. */
    async disputeOpened(id: string, disputeId: string | undefined, reason: string | undefined) {
      const order = await repo.findOrder(db, id);
      if (!order) return;
      await db.transaction(async (tx) => {
        await repo.lockOrder(tx, id);
        const events = await repo.timeline(tx, id);
        if (events.some((e) => e.kind === 'dispute_opened' && e.data.disputeId === (disputeId ?? null))) return;
        await repo.addEvent(tx, id, 'dispute_opened', null, { disputeId: disputeId ?? null, reason: reason ?? null });
      });
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
