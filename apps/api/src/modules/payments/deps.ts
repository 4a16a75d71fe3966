/**
 * What the payments module is built from: the dependencies `createPaymentsService` (service.ts) receives and hands
 * to each of its action groups (checkout.ts, capture.ts, recovery.ts, webhooks.ts, and the sale in finalize.ts), and
 * the terms of a trade's cash payment that the trades module passes to `payTrade`. Types only, in a file of their
 * own so that service.ts and the action groups can all name them without importing one another.
 */
import type { Config } from '../../config';
import type { Database, Tx } from '../../db/client';
import type { JobQueue } from '../../platform/jobs/job-queue';
import type { Logger } from '../../platform/logger';
import type { PaymentProvider } from '../../adapters/payment/index';
import type { OffersService } from '../offers/service';
import type { TradesService } from '../trades/service';
import type { OrdersService } from '../orders/service';

/**
 * A trade's cash payment as the trade's rules decide it (trades/settlement-pay.ts), read under the trade's lock:
 * the payer receives `itemId`, the payee gets `cents` at `payeeEmail`.
 */
export interface TradePaymentTerms {
  tradeId: string;
  itemId: string;
  itemName: string;
  payeeId: string;
  cents: number;
  payeeEmail: string;
}

export interface PaymentsDeps {
  db: Database;
  config: Config;
  jobs: JobQueue;
  logger: Logger;
  provider: PaymentProvider;
  offers: Pick<OffersService, 'settle' | 'countsMoved'>;
  /** A sale closes the pending trades naming the item (issue 28), in the sale's transaction. */
  trades: Pick<TradesService, 'closeTradesForItems'>;
  /** The sale's order (issue 26): opened in the sale's transaction, told of refunds and disputes. */
  orders: Pick<OrdersService, 'open' | 'refunded' | 'disputeOpened' | 'tradeCashRefunded' | 'tradeDisputeOpened'>;
  /**
   * Issue 28: a trade's cash payment settles the trade instead of selling an item (trades/settlement.ts). Both run
   * in the capture's transaction; `lockForCapture` locks the trade and answers whether it still awaits this cash.
   */
  settlement: {
    lockForCapture(tx: Tx, tradeId: string): Promise<boolean>;
    settle(tx: Tx, tradeId: string): Promise<string[]>;
    announceSettled(tradeId: string): Promise<void>;
  };
  /** Karma inside the sale's transaction, once per (user, reason, item). */
  awardKarma(tx: Tx, award: { userId: string; reason: 'sale' | 'purchase'; amount: number; subjectId: string }): Promise<unknown>;
}
