import type { Request } from 'express';
import { TRADE_ERRORS, TradeCounterInputSchema, TradeInputSchema, TradesQuerySchema } from '@keeb/shared';
import { userIdOf } from '../../platform/auth';
import { parseInput } from '../../platform/errors';
import { uuidParam } from '../../platform/ids';
import { route, type RouteSpec } from '../../platform/route-table';
import type { TradesService } from './service';

/** Trade ids are UUIDs; anything else names no trade. */
const tradeIdParam = uuidParam(TRADE_ERRORS.notFound);

/**
 * Issue 28: trades. A trade has two parties, so these routes are 'signedIn' and the service decides: anyone but
 * the two parties gets 404 (a trade is private to them), the party whose turn it is not gets 403.
 */
export function tradesRoutes(deps: { trades: TradesService }): RouteSpec[] {
  const { trades } = deps;
  const id = (req: Request) => String(req.params.id);
  const onTrade = { access: 'signedIn', before: [tradeIdParam] } as const;
  return [
    route({
      method: 'post', path: '/trade', access: 'signedIn', input: { body: TradeInputSchema },
      handler: async (req, res) => {
        res.json(await trades.propose(userIdOf(req), parseInput(TradeInputSchema, req.body)));
      },
    }),
    route({
      method: 'get', path: '/me/trades', access: 'signedIn', input: { query: TradesQuerySchema },
      handler: async (req, res) => {
        res.json(await trades.list(userIdOf(req), parseInput(TradesQuerySchema, req.query)));
      },
    }),
    route({
      method: 'get', path: '/trade/:id', ...onTrade,
      handler: async (req, res) => {
        res.json(await trades.get(userIdOf(req), id(req)));
      },
    }),
    route({
      method: 'post', path: '/trade/:id/accept', ...onTrade,
      handler: async (req, res) => {
        res.json(await trades.accept(userIdOf(req), id(req)));
      },
    }),
    route({
      method: 'post', path: '/trade/:id/decline', ...onTrade,
      handler: async (req, res) => {
        res.json(await trades.decline(userIdOf(req), id(req)));
      },
    }),
    route({
      method: 'post', path: '/trade/:id/counter', ...onTrade, input: { body: TradeCounterInputSchema },
      handler: async (req, res) => {
        res.json(await trades.counter(userIdOf(req), id(req), parseInput(TradeCounterInputSchema, req.body)));
      },
    }),
    route({
      method: 'post', path: '/trade/:id/cancel', ...onTrade,
      handler: async (req, res) => {
        res.json(await trades.cancel(userIdOf(req), id(req)));
      },
    }),
    route({
      method: 'post', path: '/trade/:id/extend', ...onTrade,
      handler: async (req, res) => {
        res.json(await trades.extend(userIdOf(req), id(req)));
      },
    }),
  ];
}
