import type { Request } from 'express';
import { TRADE_ERRORS } from '@keeb/shared';
import { userIdOf } from '../../platform/auth';
import { uuidParam } from '../../platform/ids';
import { returnBase } from '../../platform/public-url';
import { route, type RouteSpec } from '../../platform/route-table';
import type { Config } from '../../config';
import type { PaymentsService } from '../payments/service';
import type { TradeSettlement } from './settlement';

/**
 * Issue 28: the cash part of an accepted trade, paid by whoever owes it, through the sale's checkout. Signed in;
 * the settlement's rules answer 404 to outsiders and 403 to the side that does not owe it. The provider sends the
 * payer back to the Trades tab, which calls POST /api/payment/item/process as a sale's return does.
 */
export function tradePayRoutes(deps: { payments: PaymentsService; settlement: TradeSettlement; config: Config }): RouteSpec[] {
  const { payments, settlement } = deps;
  const id = (req: Request) => String(req.params.id);
  return [
    route({
      method: 'post', path: '/trade/:id/pay', access: 'signedIn', before: [uuidParam(TRADE_ERRORS.notFound)],
      handler: async (req, res) => {
        const userId = userIdOf(req);
        const tradeId = id(req);
        res.json(await payments.payTrade(userId, tradeId, returnBase(deps.config, req), (tx) => settlement.payTerms(tx, userId, tradeId)));
      },
    }),
  ];
}
