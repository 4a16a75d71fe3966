/**
 * The payments service, as the app and the trades module know it: `createPaymentsService(deps)` builds the shared
 * steps and the capture lease once (steps.ts), the sale (finalize.ts), then the action groups, each in its own file
 * and each a function of what it needs: the checkout (checkout.ts: `create`, `payTrade`, `cancel`), the buyer's
 * return and the capture (capture.ts: `process`), recovery (recovery.ts: `reconcile`, `recoverStrandedCaptures`) and
 * the provider's webhooks (webhooks.ts). This file only wires them and answers the service's interface; the types
 * and constants callers import from here are re-exported from where they now live.
 */
import { captureActions } from './capture';
import { checkoutActions } from './checkout';
import type { PaymentsDeps } from './deps';
import { saleFinalizer } from './finalize';
import { recoveryActions } from './recovery';
import { paymentSteps } from './steps';
import { webhookActions } from './webhooks';

export type { PaymentsDeps, TradePaymentTerms } from './deps';
export { PAYMENT_LOCK_MS } from './steps';
export { PURCHASE_KARMA, SALE_KARMA } from './finalize';

export function createPaymentsService(deps: PaymentsDeps) {
  const steps = paymentSteps(deps);
  const finalize = saleFinalizer(deps, steps);
  const captures = captureActions(deps, steps, finalize);
  const recovery = recoveryActions(deps, steps, finalize, captures);
  return {
    ...checkoutActions(deps, steps, recovery.reconcile),
    process: captures.process,
    ...recovery,
    ...webhookActions(deps, steps, finalize),
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
