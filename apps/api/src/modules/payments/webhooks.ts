/**
 * The provider's webhooks: `receiveWebhook` (POST /api/payment/webhook) verifies an event's signature, stores it once
 * and queues the `payment-webhook` job; `applyWebhook` (that job) applies it to our purchase: a completed capture is
 * the sale (finalize.ts), a denied one gives the lock up, refunds and disputes go to the orders module. Apart from the
 * checkout and the buyer's return because the provider, not the buyer, calls it; built by `webhookActions` from the
 * deps, the shared steps and the sale, with no state of its own.
 */
import { AppError } from '../../platform/errors';
import type { PaymentsDeps } from './deps';
import type { Finalize } from './finalize';
import * as repo from './repo';
import type { PaymentSteps } from './steps';

export function webhookActions(deps: PaymentsDeps, steps: PaymentSteps, finalize: Finalize) {
  const { db, jobs, logger, provider } = deps;
  const { release } = steps;

  return {
    /** POST /api/payment/webhook: verified, stored once, applied by a job. Answers false for a bad signature. */
    async receiveWebhook(headers: Record<string, string | string[] | undefined>, rawBody: Buffer): Promise<boolean> {
      const verification = await provider.verifyWebhook({ headers, rawBody });
      if (!verification.verified) return false;
      const { event } = verification;
      await db.transaction(async (tx) => {
        if (await repo.storeEvent(tx, { id: event.id, eventType: event.event_type, resource: JSON.stringify(event.resource) })) {
          await jobs.send('payment-webhook', { eventId: event.id }, { tx, key: event.id });
        }
      });
      return true;
    },

    /** Applies a stored webhook event to our purchase (idempotent: the purchase's own state decides). */
    async applyWebhook(eventId: string) {
      const event = await repo.findEvent(db, eventId);
      if (!event || event.processedAt) return;
      const resource = JSON.parse(event.resource) as {
        id?: string;
        status?: string;
        amount?: { value?: string; currency_code?: string };
        supplementary_data?: { related_ids?: { order_id?: string } };
        links?: Array<{ rel?: string; href?: string }>;
        dispute_id?: string;
        reason?: string;
        disputed_transactions?: Array<{ seller_transaction_id?: string }>;
      };
      const orderId = resource.supplementary_data?.related_ids?.order_id;
      const purchase = orderId ? await repo.purchaseByOrder(db, provider.name, orderId) : undefined;
      switch (event.eventType) {
        case 'PAYMENT.CAPTURE.COMPLETED':
          if (purchase && repo.LOCKING.includes(purchase.status)) {
            // The capture event carries no address: the order does (Orders v2 purchase_units[0].shipping).
            const shipping = orderId ? (await provider.getOrder(orderId).catch(() => undefined))?.shipping : undefined;
            await finalize(purchase.id, { id: resource.id ?? '', amount: resource.amount?.value, currency: resource.amount?.currency_code, shipping }).catch((error: unknown) => {
              if (!(error instanceof AppError)) throw error;
            });
          }
          break;
        case 'PAYMENT.CAPTURE.DENIED':
          if (purchase) await release(purchase.id, 'failed', 'capture denied (webhook)');
          break;
        case 'PAYMENT.CAPTURE.REFUNDED': {
          // The refund's "up" link names the capture it refunds.
          const captureId = resource.links?.find((l) => l.rel === 'up')?.href?.split('/').pop();
          const refunded = captureId ? await repo.purchaseByCapture(db, captureId) : purchase;
          if (refunded) {
            await repo.movePurchase(db, refunded.id, ['captured'], { status: 'refunded' });
            logger.warn({ purchaseId: refunded.id, tradeId: refunded.tradeId }, 'a sale was refunded at the provider');
            // A trade's cash has no order of its own: both of the trade's orders record it, and their items stay traded.
            if (refunded.tradeId) await deps.orders.tradeCashRefunded(refunded.tradeId, refunded.itemCents);
            else await deps.orders.refunded(refunded.id);
          }
          break;
        }
        case 'CUSTOMER.DISPUTE.CREATED': {
          // A dispute names the captures it is about (seller_transaction_id); it goes on their orders' timelines.
          for (const t of resource.disputed_transactions ?? []) {
            const disputed = t.seller_transaction_id ? await repo.purchaseByCapture(db, t.seller_transaction_id) : undefined;
            if (disputed?.tradeId) await deps.orders.tradeDisputeOpened(disputed.tradeId, resource.dispute_id, resource.reason);
            else if (disputed) await deps.orders.disputeOpened(disputed.id, resource.dispute_id, resource.reason);
          }
          break;
        }
        default:
          break;
      }
      await repo.markEventProcessed(db, eventId);
    },
  };
}
