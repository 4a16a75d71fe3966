import type { Request } from 'express';
import { AdminProblemsQuerySchema, MailingAddressSchema, OrdersQuerySchema, ProblemInputSchema, ShipInputSchema } from '@keeb/shared';
import { userIdOf } from '../../platform/auth';
import { parseInput } from '../../platform/errors';
import { route, type RouteSpec } from '../../platform/route-table';
import type { OrdersService } from './service';

/**
 * Issue 26: the order after the payment. An order has two sides and admins read it too, so the order routes are
 * `signedIn` and the service decides: anyone not on the order gets 404 as if it did not exist, the other side of
 * it 403 `forbidden` (a buyer shipping). Every answer to a transition is the order as the caller sees it now.
 */
export function ordersRoutes(deps: { orders: OrdersService }): RouteSpec[] {
  const { orders } = deps;
  const id = (req: Request) => String(req.params.id);
  return [
    route({
      method: 'get', path: '/me/orders', access: 'signedIn', input: { query: OrdersQuerySchema },
      handler: async (req, res) => {
        res.json(await orders.list(userIdOf(req), parseInput(OrdersQuerySchema, req.query)));
      },
    }),
    route({
      method: 'get', path: '/order/:id', access: 'signedIn',
      handler: async (req, res) => {
        res.json(await orders.detail(userIdOf(req), id(req)));
      },
    }),
    route({
      method: 'post', path: '/order/:id/ship', access: 'signedIn', input: { body: ShipInputSchema },
      handler: async (req, res) => {
        res.json(await orders.ship(userIdOf(req), id(req), parseInput(ShipInputSchema, req.body ?? {})));
      },
    }),
    // Issue 36: the buyer gives the address a payment came without (the order's own copy; settings are not changed).
    route({
      method: 'put', path: '/order/:id/ship-to', access: 'signedIn', input: { body: MailingAddressSchema },
      handler: async (req, res) => {
        res.json(await orders.shipTo(userIdOf(req), id(req), parseInput(MailingAddressSchema, req.body)));
      },
    }),
    route({
      method: 'post', path: '/order/:id/received', access: 'signedIn',
      handler: async (req, res) => {
        res.json(await orders.received(userIdOf(req), id(req)));
      },
    }),
    route({
      method: 'post', path: '/order/:id/problem', access: 'signedIn', input: { body: ProblemInputSchema },
      handler: async (req, res) => {
        res.json(await orders.problem(userIdOf(req), id(req), parseInput(ProblemInputSchema, req.body)));
      },
    }),
    route({
      method: 'post', path: '/order/:id/problem/resolve', access: 'signedIn',
      handler: async (req, res) => {
        res.json(await orders.resolve(userIdOf(req), id(req)));
      },
    }),
    route({
      method: 'get', path: '/admin/problems', access: 'admin', input: { query: AdminProblemsQuerySchema },
      handler: async (req, res) => {
        res.json(await orders.openProblems(parseInput(AdminProblemsQuerySchema, req.query).cursor));
      },
    }),
    route({
      method: 'post', path: '/admin/problems/:id/close', access: 'admin',
      handler: async (req, res) => {
        res.json(await orders.closeProblem(userIdOf(req), id(req)));
      },
    }),
  ];
}
