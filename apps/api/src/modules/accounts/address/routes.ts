import { MailingAddressSchema, TOO_MANY_REQUESTS } from '@keeb/shared';
import { userIdOf } from '../../../platform/auth';
import { AppError, parseInput } from '../../../platform/errors';
import { consume, type RateLimits } from '../../../platform/rate-limit';
import { route, type RouteSpec } from '../../../platform/route-table';
import type { AddressService } from './service';

/**
 * Issue 36: address changes per user per 10 minutes. A person corrects a typo or two, or saves one at checkout;
 * a script rewriting it hundreds of times a second (probe: 200 in 0.7 s) churns the row every order copies from.
 * Counted after the input is read, so bad input is always its 400 and only changes spend the allowance.
 */
export const ADDRESS_CHANGES_PER_10_MINUTES = 20;

/**
 * GET /api/me/address: the saved mailing address, or null when there is none (the settings form starts empty);
 * PUT /api/me/address: replaces it. Only ever the signed-in user's own.
 */
export function addressRoutes(deps: { address: AddressService; limits: RateLimits }): RouteSpec[] {
  const { address } = deps;
  const changeLimit = deps.limits.create({ name: 'address-change', points: ADDRESS_CHANGES_PER_10_MINUTES, durationSeconds: 600 });
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
        const retryAfter = await consume(changeLimit, userIdOf(req));
        if (retryAfter > 0) {
          res.set('Retry-After', String(retryAfter));
          throw new AppError(429, TOO_MANY_REQUESTS, { code: TOO_MANY_REQUESTS });
        }
        res.json(await address.saveAddress(userIdOf(req), input));
      },
    }),
  ];
}
