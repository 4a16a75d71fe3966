/**
 * The offers service, as the app and the other modules know it: `createOffersService(deps)` builds the shared steps
 * once (steps.ts) and composes the action groups, each in its own file and each a function of what it needs:
 * making an offer (make.ts: `make`, `acceptSaverOffer`), answering one (answer.ts: accept, decline, the counters,
 * remove), the payment window (window.ts: `held`, `extend`, the expiry and warning jobs), the lists (lists.ts) and
 * what a sale or an edit tells this module (settle.ts). This file only wires them and answers the service's
 * interface; the types and constants callers import from here are re-exported from where they now live.
 */
import { answerActions } from './answer';
import { listActions } from './lists';
import { makeActions } from './make';
import { settleActions } from './settle';
import { offerSteps, type OffersDeps } from './steps';
import { windowActions } from './window';

export type { OffersDeps } from './steps';
export { AUTO_DECLINES_PER_DAY } from './make';

export function createOffersService(deps: OffersDeps) {
  const steps = offerSteps(deps);
  return {
    onSale: steps.onSale,
    ...makeActions(deps, steps),
    ...answerActions(steps),
    ...windowActions(deps, steps),
    ...listActions(deps),
    ...settleActions(steps),
  };
}

export type OffersService = ReturnType<typeof createOffersService>;
