import type { Request } from 'express';
import { AcceptInputSchema, CounterInputSchema, OfferInputSchema, OFFER_ERRORS, ReceivedOffersQuerySchema } from '@keeb/shared';
import { userIdOf } from '../../platform/auth';
import { parseInput } from '../../platform/errors';
import { uuidParam } from '../../platform/ids';
import { route, type RouteSpec } from '../../platform/route-table';
import type { OffersService } from './service';

/** Offer ids are UUIDs; anything else names no offer. */
const offerIdParam = uuidParam(OFFER_ERRORS.notFound);

/**
 * Spec part 2, section 7 "Offers, payment, notifications". Seller calls are the item seller's, buyer calls the
 * offer's buyer's: the route table refuses anyone else (403) before the handler, and the service checks again.
 */
export function offersRoutes(deps: { offers: OffersService }): RouteSpec[] {
  const { offers } = deps;
  const asSeller = { access: 'owner', ownerOf: (req: Request) => offers.sellerOf(String(req.params.id)), before: [offerIdParam] } as const;
  const asBuyer = { access: 'owner', ownerOf: (req: Request) => offers.buyerOf(String(req.params.id)), before: [offerIdParam] } as const;
  const id = (req: Request) => String(req.params.id);
  return [
    route({
      method: 'get', path: '/me/offers/sent', access: 'signedIn',
      handler: async (req, res) => {
        res.json(await offers.sent(userIdOf(req)));
      },
    }),
    route({
      method: 'get', path: '/me/offers/received', access: 'signedIn', input: { query: ReceivedOffersQuerySchema },
      handler: async (req, res) => {
        res.json(await offers.received(userIdOf(req), parseInput(ReceivedOffersQuerySchema, req.query)));
      },
    }),
    route({
      method: 'post', path: '/offer', access: 'signedIn', input: { body: OfferInputSchema },
      handler: async (req, res) => {
        const input = parseInput(OfferInputSchema, req.body);
        res.json(await offers.make(userIdOf(req), input));
      },
    }),
    route({
      method: 'post', path: '/offer/:id/accept', ...asSeller, input: { body: AcceptInputSchema },
      handler: async (req, res) => {
        parseInput(AcceptInputSchema, req.body ?? {});
        res.json(await offers.accept(userIdOf(req), id(req)));
      },
    }),
    route({
      method: 'post', path: '/offer/:id/decline', ...asSeller,
      handler: async (req, res) => {
        res.json(await offers.decline(userIdOf(req), id(req)));
      },
    }),
    route({
      method: 'post', path: '/offer/:id/counter-seller', ...asSeller, input: { body: CounterInputSchema },
      handler: async (req, res) => {
        const { counterPrice } = parseInput(CounterInputSchema, req.body);
        res.json(await offers.counterSeller(userIdOf(req), id(req), counterPrice));
      },
    }),
    route({
      method: 'post', path: '/offer/:id/extend', ...asSeller,
      handler: async (req, res) => {
        res.json(await offers.extend(userIdOf(req), id(req)));
      },
    }),
    route({
      method: 'post', path: '/offer/:id/counter-buyer', ...asBuyer, input: { body: CounterInputSchema },
      handler: async (req, res) => {
        const { counterPrice } = parseInput(CounterInputSchema, req.body);
        res.json(await offers.counterBuyer(userIdOf(req), id(req), counterPrice));
      },
    }),
    route({
      method: 'delete', path: '/offer/:id/remove', ...asBuyer,
      handler: async (req, res) => {
        res.json(await offers.remove(userIdOf(req), id(req)));
      },
    }),
  ];
}
