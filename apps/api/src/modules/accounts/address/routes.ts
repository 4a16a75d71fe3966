import { MailingAddressSchema } from '@keeb/shared';
import { userIdOf } from '../../../platform/auth';
import { parseInput } from '../../../platform/errors';
import { route, type RouteSpec } from '../../../platform/route-table';
import type { AddressService } from './service';

/**
 * GET /api/me/address: the saved mailing address, or null when there is none (the settings form starts empty);
 * PUT /api/me/address: replaces it. Only ever the signed-in user's own.
 */
export function addressRoutes(deps: { address: AddressService }): RouteSpec[] {
  const { address } = deps;
  return [
    route({
      method: 'get', path: '/me/address', access: 'signedIn',
      handler: async (req, res) => {
        res.json(await address.savedAddress(userIdOf(req)));
      },
    }),
    route({
      method: 'put', path: '/me/address', access: 'signedIn', input: { body: MailingAddressSchema },
      handler: async (req, res) => {
        const input = parseInput(MailingAddressSchema, req.body);
        res.json(await address.saveAddress(userIdOf(req), input));
      },
    }),
  ];
}
