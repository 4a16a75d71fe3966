import {
  dollarsToCents,
  offersRowPath,
  TOO_MANY_REQUESTS,
  TRADE_ERRORS,
  TRADE_PAY_WITHIN_HOURS,
  type Trade,
  type TradeCounterInput,
  type TradeInput,
  type TradesQuery,
  type TradeStatus,
} from '@keeb/shared';
import type { SQL } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database, Tx } from '../../db/client';
import { checkViolation, uniqueViolation } from '../../platform/db-errors';
import { assertNotAway } from '../accounts/away/away';
import { AppError } from '../../platform/errors';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { consume, type RateLimits } from '../../platform/rate-limit';
import * as offersRepo from '../offers/repo';
import { decodeCursor } from '../orders/service';
import { createTradeNotices } from './closing';
import * as mails from './mail-templates';
import { closeForTakedown } from './takedown';
import * as repo from './repo';
import { createTradeAddressCheck } from './trade-address';
import { awaitingOf, payerOf, toTrade, type TradeSide } from './trade-answer';
import { tradeView, tradesPage } from './view-repo';

/** New proposals per user per hour, as for offers: room for real trading, none for spraying every listing. */
const TRADES_PER_HOUR = 30;
const PAY_WINDOW_MS = TRADE_PAY_WITHIN_HOURS * 3_600_000;
/** A cash payment in progress when the window ends: the expiry looks again this much later. */
const EXPIRY_RETRY_MS = 10 * 60 * 1000;
/** A transaction that lost a deadlock or serialization check runs again this many times before answering 409. */
const RETRIES = 3;

export interface TradesDeps {
  db: Database;
  config: Config;
  jobs: JobQueue;
  limits: RateLimits;
  /** Pushes a user's new badge counts to their sockets; called after a commit that changed them. */
  notifyCounts?: (userId: string) => void;
  /**
   * Opens the trade's two orders and sets trades.settled_at, inside the caller's transaction (settlement.ts);
   * answers the users whose counts moved.
   */
  settle: (tx: Tx, tradeId: string) => Promise<string[]>;
  /** After a settling commit: each side's open tabs hear that their order is theirs to ship (settlement.ts). */
  announceSettled?: (tradeId: string) => Promise<void>;
}

type Cash = { cashToSellerCents: number; cashToBuyerCents: number };

const notFound = () => new AppError(404, TRADE_ERRORS.notFound);
const forbidden = () => new AppError(403, TRADE_ERRORS.forbidden);
const invalidState = (status?: TradeStatus) => new AppError(409, TRADE_ERRORS.invalidState, status ? { status } : {});
const unavailable = () => new AppError(409, TRADE_ERRORS.itemUnavailable);

const sideOf = (t: { sellerId: string; proposerId: string }, userId: string): TradeSide | null =>
  t.sellerId === userId ? 'seller' : t.proposerId === userId ? 'proposer' : null;
const owed = (cash: Cash) => cash.cashToSellerCents + cash.cashToBuyerCents;

/** A lost deadlock (40P01) or serialization check (40001), whichever driver raised it: safe to run again. */
function retryable(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return ['40P01', '40001'].includes(e.code ?? '') || ['40P01', '40001'].includes(e.cause?.code ?? '');
}

export function createTradesService(deps: TradesDeps) {
  const { db, config, jobs } = deps;
  const notifyCounts = deps.notifyCounts ?? (() => {});
  const proposalLimit = deps.limits.create({ name: 'trades', points: TRADES_PER_HOUR, durationSeconds: 3600 });
  const tradeUrl = (id: string) => `${config.appUrl}${offersRowPath('trades', id)}`; // its row on Trades (issue 36)

  const { tell, tellClosed } = createTradeNotices(jobs, tradeUrl);

  const addresses = createTradeAddressCheck({ db, settingsUrl: `${config.appUrl}/settings`, tell });

  const countsMoved = (userIds: Iterable<string>) => {
    for (const userId of new Set(userIds)) notifyCounts(userId);
  };

  /**
   * Runs a money-path transaction; one that lost a deadlock or a serialization check runs again (the loser's
   * work was rolled back), and if it keeps losing the caller gets `lost()`, never a 5xx. A check violation of the
   * items' constraints (the database's last guard of "one deal per item") is a lost race too.
   */
  async function inTransaction<T>(run: (tx: Tx) => Promise<T>, lost: () => AppError): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await db.transaction(run);
      } catch (error) {
        if (retryable(error) && attempt < RETRIES) continue;
        if (retryable(error)) throw lost();
        if (checkViolation(error)?.startsWith('items_')) throw unavailable();
        throw error;
      }
    }
  }

  async function view(tradeId: string): Promise<Trade> {
    const v = await tradeView(db, tradeId);
    if (!v) throw notFound();
    return toTrade(v);
  }

  /** The trade, if `userId` is one of its parties (anyone else: 404, as if there were none). */
  async function partyTrade(userId: string, tradeId: string) {
    const trade = await repo.findTrade(db, tradeId);
    const side = trade ? sideOf(trade, userId) : null;
    if (!trade || !side) throw notFound();
    return { trade, side };
  }

  /** The trade a pending/countered transition acts on: only the side it awaits may (the other party: 403). */
  async function awaitedTrade(userId: string, tradeId: string) {
    const { trade, side } = await partyTrade(userId, tradeId);
    const awaiting = awaitingOf(trade.status);
    if (!awaiting) throw invalidState(trade.status);
    if (awaiting !== side) throw forbidden();
    return { trade, side };
  }

  /** The proposer's listings asked for: one to four of their own, on sale and unheld, never the trade's item. */
  async function checkOffered(proposerId: string, itemId: string, ids: string[]) {
    const lower = ids.map((id) => id.toLowerCase());
    if (lower.includes(itemId.toLowerCase()) || (await repo.offerableCount(db, proposerId, lower)) !== lower.length) {
      throw new AppError(400, TRADE_ERRORS.offeredItems);
    }
    return lower;
  }

  async function scheduleExpiry(tx: Tx, tradeId: string, acceptedAt: Date) {
    const payload = { tradeId, acceptedAt: acceptedAt.toISOString() };
    await jobs.send('trade-expiry', payload, { tx, key: `${tradeId}:${payload.acceptedAt}`, startAfter: new Date(acceptedAt.getTime() + PAY_WINDOW_MS) });
  }

  /**
   * Ends an accepted, unsettled trade (cancel, expiry): the items' locks first (in id order, as accept takes
   * them), then the conditional update, then the holds released. Answers the row, or undefined if the trade had
   * moved on. A cash payment in progress refuses (`onPaying`).
   */
  async function endAccepted(tx: Tx, trade: repo.TradeRow, patch: { closedReason: string; sellerActedAt?: Date }, extra: SQL | undefined, onPaying: () => Promise<undefined>) {
    await repo.lockItems(tx, [trade.itemId, ...(await repo.offeredItemIds(tx, trade.id))]);
    if (await repo.paymentInProgress(tx, trade.id)) return onPaying();
    const row = await repo.transition(tx, trade.id, ['accepted'], { status: 'cancelled', ...patch }, repo.unsettled(extra));
    if (!row) return undefined;
    await repo.releaseItems(tx, trade.id);
    return row;
  }

  return {
    async propose(proposerId: string, input: TradeInput): Promise<Trade> {
      const proposer = await repo.contactOf(db, proposerId);
      if (!proposer) throw new AppError(401, TRADE_ERRORS.forbidden);
      if (!proposer.emailConfirmedAt) throw new AppError(403, TRADE_ERRORS.confirmEmail);
      const item = await repo.targetItem(db, input.itemId);
      if (!item || item.removedAt || item.approvalStatus !== 'approved' || item.purchaserId) throw notFound();
      if (item.sellerId === proposerId) throw new AppError(403, TRADE_ERRORS.ownItem);
      if (!item.openToTrades) throw new AppError(409, TRADE_ERRORS.notOpenToTrades);
      await assertNotAway(db, item.sellerId);
      const offered = await checkOffered(proposerId, item.id, input.offeredItemIds);
      if (!proposer.hasAddress) throw new AppError(409, TRADE_ERRORS.noAddress);
      if (item.tradeId) throw unavailable();
      if ((await consume(proposalLimit, proposerId)) > 0) throw new AppError(429, TOO_MANY_REQUESTS, { code: TOO_MANY_REQUESTS });
      const cash = { cashToSellerCents: dollarsToCents(input.cashToSeller), cashToBuyerCents: dollarsToCents(input.cashToBuyer) };
      let tradeId: string;
      try {
        tradeId = await db.transaction(async (tx) => {
          const trade = await repo.insertTrade(tx, { itemId: item.id, sellerId: item.sellerId, proposerId, ...cash, message: input.message });
          await repo.setOfferedItems(tx, trade.id, offered);
          await repo.recordEvent(tx, trade.id, 'proposed', proposerId, cash);
          await tell(tx, item.sellerId, `trade-new:${trade.id}`, async (c) =>
            mails.newTradeMail(c.email, c.username, proposer.username, item.name, await repo.offeredItemNames(tx, trade.id), mails.cashLine(cash, true), tradeUrl(trade.id)),
          );
          return trade.id;
        });
      } catch (error) {
        if (uniqueViolation(error) === 'trades_one_open_per_proposer') throw new AppError(409, TRADE_ERRORS.tradeExists);
        throw error;
      }
      countsMoved([item.sellerId]);
      return view(tradeId);
    },

    /** One page of the user's received or sent trades; opening either list resets their Trades badge. */
    async list(userId: string, query: TradesQuery): Promise<Trade[]> {
      const after = query.cursor ? decodeCursor(query.cursor) : undefined;
      const [rows] = await Promise.all([tradesPage(db, userId, query.role, after), repo.markTradesSeen(db, userId)]);
      return rows.map(toTrade);
    },

    async get(userId: string, tradeId: string): Promise<Trade> {
      await partyTrade(userId, tradeId);
      return view(tradeId);
    },

    /**
     * Holds every item of the trade at once, or none: the items' rows locked in id order, then one conditional
     * update that must touch them all. The other open trades of those items close; with no cash owed the trade is
     * settled in the same transaction, else the payer's 24 hours start.
     */
    async accept(userId: string, tradeId: string): Promise<Trade> {
      const { trade, side } = await awaitedTrade(userId, tradeId);
      await addresses.requireBoth(trade, userId);
      const moved: string[] = [trade.sellerId, trade.proposerId];
      let settled = false;
      await inTransaction(async (tx) => {
        const offered = await repo.offeredItemIds(tx, trade.id);
        const all = [trade.itemId, ...offered];
        await repo.lockItems(tx, all);
        const [seller, proposer] = await Promise.all([repo.contactOf(tx, trade.sellerId), repo.contactOf(tx, trade.proposerId)]);
        // Each side ships to the other: both need an address (checked and told above; this guards a race).
        if (!seller?.hasAddress || !proposer?.hasAddress) throw new AppError(409, TRADE_ERRORS.noAddress);
        const now = new Date();
        const row = await repo.transition(tx, trade.id, [trade.status], {
          status: 'accepted',
          acceptedAt: now,
          ...(side === 'seller' ? { sellerActedAt: now } : { proposerActedAt: now }),
        });
        if (!row) throw invalidState((await repo.findTrade(tx, trade.id))?.status);
        // An offer accepted within its window, or a purchase in progress, has the item: the trade waits its turn.
        for (const id of all) if (await offersRepo.liveAcceptedOffer(tx, id)) throw unavailable();
        if (await repo.itemPaymentInProgress(tx, all)) throw unavailable();
        if ((await repo.holdItems(tx, trade.id, all)) !== all.length) throw unavailable();
        await repo.recordEvent(tx, trade.id, 'accepted', userId, row);
        moved.push(...(await tellClosed(tx, await repo.closeOpenFor(tx, all, 'item_traded', trade.id), 'item_traded')));
        const payer = payerOf(row);
        if (payer) await scheduleExpiry(tx, trade.id, now);
        else {
          moved.push(...(await deps.settle(tx, trade.id)));
          settled = true;
        }
        const name = await repo.itemName(tx, trade.itemId);
        for (const [partyId, partySide] of [[trade.sellerId, 'seller'], [trade.proposerId, 'proposer']] as const) {
          await tell(tx, partyId, `trade-accepted:${trade.id}:${partyId}`, (c) => mails.acceptedMail(c.email, c.username, name, payer === partySide, owed(row), tradeUrl(trade.id)));
        }
      }, unavailable);
      countsMoved(moved);
      if (settled) await deps.announceSettled?.(trade.id);
      return view(tradeId);
    },

    async decline(userId: string, tradeId: string): Promise<Trade> {
      const { trade, side } = await awaitedTrade(userId, tradeId);
      await db.transaction(async (tx) => {
        const now = new Date();
        const row = await repo.transition(tx, trade.id, [trade.status], {
          status: 'declined',
          closedReason: 'declined',
          ...(side === 'seller' ? { sellerActedAt: now } : {}),
        });
        if (!row) throw invalidState((await repo.findTrade(tx, trade.id))?.status);
        await repo.recordEvent(tx, trade.id, 'declined', userId);
        const otherId = side === 'seller' ? trade.proposerId : trade.sellerId;
        const name = await repo.itemName(tx, trade.itemId);
        await tell(tx, otherId, `trade-declined:${trade.id}`, (c) => mails.declinedMail(c.email, c.username, name, tradeUrl(trade.id)));
      });
      countsMoved([trade.sellerId, trade.proposerId]);
      return view(tradeId);
    },

    /** New terms from the awaited side: the cash, optionally the listings asked for, a message; the turn passes. */
    async counter(userId: string, tradeId: string, input: TradeCounterInput): Promise<Trade> {
      const { trade, side } = await awaitedTrade(userId, tradeId);
      await addresses.requireOwn(userId);
      const offered = input.offeredItemIds ? await checkOffered(trade.proposerId, trade.itemId, input.offeredItemIds) : undefined;
      const cash = { cashToSellerCents: dollarsToCents(input.cashToSeller), cashToBuyerCents: dollarsToCents(input.cashToBuyer) };
      await db.transaction(async (tx) => {
        const now = new Date();
        const row = await repo.transition(tx, trade.id, [trade.status], {
          status: side === 'seller' ? 'countered' : 'pending',
          ...cash,
          message: input.message,
          ...(side === 'seller' ? { sellerActedAt: now } : { proposerActedAt: now }),
        });
        if (!row) throw invalidState((await repo.findTrade(tx, trade.id))?.status);
        if (offered) await repo.setOfferedItems(tx, trade.id, offered);
        await repo.recordEvent(tx, trade.id, 'countered', userId, cash);
        const [otherId, by] = side === 'seller' ? [trade.proposerId, 'the seller'] : [trade.sellerId, (await repo.contactOf(tx, userId))?.username ?? 'the proposer'];
        const name = await repo.itemName(tx, trade.itemId);
        await tell(tx, otherId, `trade-counter:${trade.id}:${now.getTime()}`, async (c) =>
          mails.counterMail(c.email, c.username, by, name, await repo.offeredItemNames(tx, trade.id), mails.cashLine(cash, side !== 'seller'), tradeUrl(trade.id)),
        );
      });
      countsMoved([trade.sellerId, trade.proposerId]);
      return view(tradeId);
    },

    /**
     * The proposer withdraws a pending or countered trade; either party calls off an accepted one before it is
     * settled, unless its cash is being paid at the provider right now (that payment decides). Holds are released.
     */
    async cancel(userId: string, tradeId: string): Promise<Trade> {
      const { trade, side } = await partyTrade(userId, tradeId);
      const otherId = side === 'seller' ? trade.proposerId : trade.sellerId;
      if (trade.status === 'pending' || trade.status === 'countered') {
        if (side !== 'proposer') throw forbidden();
        await db.transaction(async (tx) => {
          const row = await repo.transition(tx, trade.id, ['pending', 'countered'], { status: 'cancelled', closedReason: 'cancelled' });
          if (!row) throw invalidState((await repo.findTrade(tx, trade.id))?.status);
          await repo.recordEvent(tx, trade.id, 'cancelled', userId);
          const name = await repo.itemName(tx, trade.itemId);
          await tell(tx, otherId, `trade-cancelled:${trade.id}`, (c) => mails.cancelledMail(c.email, c.username, name, false, tradeUrl(trade.id)));
        });
      } else if (trade.status === 'accepted' && !trade.settledAt) {
        await inTransaction(async (tx) => {
          // The proposer calling it off is no news to their own badge; the seller calling it off is.
          const row = await endAccepted(tx, trade, { closedReason: 'cancelled', ...(side === 'seller' ? { sellerActedAt: new Date() } : {}) }, undefined, async () => {
            throw new AppError(409, TRADE_ERRORS.paymentPending);
          });
          if (!row) throw invalidState((await repo.findTrade(tx, trade.id))?.status);
          await repo.recordEvent(tx, trade.id, 'cancelled', userId);
          const name = await repo.itemName(tx, trade.itemId);
          await tell(tx, otherId, `trade-cancelled:${trade.id}`, (c) => mails.cancelledMail(c.email, c.username, name, true, tradeUrl(trade.id)));
        }, () => invalidState());
      } else {
        throw invalidState(trade.status);
      }
      countsMoved([trade.sellerId, trade.proposerId]);
      return view(tradeId);
    },

    /** 'Give more time': the payee restarts the payer's 24 hours (accepted, unsettled, cash owed). */
    async extend(userId: string, tradeId: string): Promise<Trade> {
      const { trade, side } = await partyTrade(userId, tradeId);
      const payer = payerOf(trade);
      if (trade.status !== 'accepted' || trade.settledAt || !payer) throw invalidState(trade.status);
      if (side === payer) throw forbidden();
      await db.transaction(async (tx) => {
        const now = new Date();
        // A proposer who owes the cash sees the new time on their badge, as a buyer sees an offer's Give More Time.
        const row = await repo.transition(tx, trade.id, ['accepted'], { acceptedAt: now, ...(payer === 'proposer' ? { sellerActedAt: now } : {}) }, repo.unsettled());
        if (!row) throw invalidState((await repo.findTrade(tx, trade.id))?.status);
        await repo.recordEvent(tx, trade.id, 'extended', userId);
        await scheduleExpiry(tx, trade.id, now);
      });
      countsMoved([payer === 'proposer' ? trade.proposerId : trade.sellerId]);
      return view(tradeId);
    },

    /**
     * Closes every pending or countered trade naming any of `itemIds` (as the seller's item or an offered one),
     * inside the caller's transaction: an item was sold (`item_sold`) or removed (`item_removed`). Both parties
     * are told. Answers the users whose counts moved, for countsMoved after the commit.
     */
    async closeTradesForItems(tx: Tx, itemIds: string[], reason: 'item_sold' | 'item_removed'): Promise<string[]> {
      return tellClosed(tx, await repo.closeOpenFor(tx, itemIds, reason, null), reason);
    },

    /** Issue 36: an admin rejected `itemId` (in the rejection's transaction, before it touches the item): takedown.ts. */
    closeForTakedown: (tx: Tx, itemId: string) => closeForTakedown(tx, itemId, tellClosed),

    countsMoved: (userIds: readonly string[]) => countsMoved(userIds),

    /**
     * The end of the payer's 24 hours: cancels the trade and releases its items if it is still accepted, unsettled
     * and overdue (a Give More Time since moved the window: nothing to do). A payment in progress postpones it.
     */
    async expireJob(payload: { tradeId: string; acceptedAt: string }) {
      const trade = await repo.findTrade(db, payload.tradeId);
      if (!trade || trade.status !== 'accepted' || trade.settledAt) return;
      let expired: repo.TradeRow | undefined;
      await inTransaction(async (tx) => {
        expired = await endAccepted(tx, trade, { closedReason: 'expired', sellerActedAt: new Date() }, repo.overdue, async () => {
          await jobs.send('trade-expiry', payload, { tx, key: `${trade.id}:${payload.acceptedAt}:${Date.now()}`, startAfter: new Date(Date.now() + EXPIRY_RETRY_MS) });
          return undefined;
        });
        if (!expired) return;
        await repo.recordEvent(tx, trade.id, 'expired', null);
        const name = await repo.itemName(tx, trade.itemId);
        for (const userId of [trade.sellerId, trade.proposerId]) {
          await tell(tx, userId, `trade-expired:${trade.id}:${userId}`, (c) => mails.expiredMail(c.email, c.username, name, tradeUrl(trade.id)));
        }
      }, () => new AppError(409, TRADE_ERRORS.invalidState));
      if (expired) countsMoved([trade.sellerId, trade.proposerId]);
    },
  };
}

export type TradesService = ReturnType<typeof createTradesService>;
