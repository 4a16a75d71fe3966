import type { Request } from 'express';
import { ERROR_CODES, SaverOfferInputSchema } from '@keeb/shared';
import { userIdOf } from '../../platform/auth';
import { parseInput } from '../../platform/errors';
import { uuidParam } from '../../platform/ids';
import { route, type RouteSpec } from '../../platform/route-table';
import type { SaverOffersService } from './service';

/** Item and offer ids are UUIDs; anything else names nothing (404) before any query. */
const idParam = uuidParam(ERROR_CODES.notFound);

/**
 * Issue 29, offers to savers. Sending is the item seller's (the table answers 404 for no such listing, 403 to
 * anyone else); the list is the viewer's own; taking is any signed-in user's call, and the service answers 404 to
 * whoever the offer was not sent to, so nobody learns of offers made to others.
 */
export function saverOffersRoutes(deps: { saverOffers: SaverOffersService; sellerOf: (itemId: string) => Promise<string | undefined> }): RouteSpec[] {
  const { saverOffers, sellerOf } = deps;
  return [
    route({
      method: 'post', path: '/item/:id/offer-to-savers', access: 'owner', ownerOf: (req: Request) => sellerOf(String(req.params.id)), before: [idParam],
      input: { body: SaverOfferInputSchema },
      handler: async (req, res) => {
        const { price } = parseInput(SaverOfferInputSchema, req.body);
        res.json(await saverOffers.send(userIdOf(req), String(req.params.id), price));
      },
    }),
    route({
      method: 'get', path: '/me/saver-offers', access: 'signedIn',
      handler: async (req, res) => {
        res.json(await saverOffers.received(userIdOf(req)));
      },
    }),
    route({
      method: 'post', path: '/saver-offer/:id/take', access: 'signedIn', before: [idParam],
      handler: async (req, res) => {
        res.json(await saverOffers.take(userIdOf(req), String(req.params.id)));
      },
    }),
  ];
}
