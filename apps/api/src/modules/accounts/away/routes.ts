import { AwayInputSchema } from '@keeb/shared';
import { userIdOf } from '../../../platform/auth';
import { parseInput } from '../../../platform/errors';
import { route, type RouteSpec } from '../../../platform/route-table';
import type { AwayService } from './service';

/**
 * PUT /api/me/away {until}: away until then (AwayStatus); DELETE /api/me/away: back now. Only ever the signed-in
 * user's own; the settings screen reads the current state from GET /api/me/settings (awayUntil).
 */
export function awayRoutes(deps: { away: AwayService }): RouteSpec[] {
  const { away } = deps;
  return [
    route({
      method: 'put', path: '/me/away', access: 'signedIn', input: { body: AwayInputSchema },
      handler: async (req, res) => {
        const { until } = parseInput(AwayInputSchema, req.body);
        res.json(await away.set(userIdOf(req), until));
      },
    }),
    route({
      method: 'delete', path: '/me/away', access: 'signedIn',
      handler: async (req, res) => {
        res.json(await away.end(userIdOf(req)));
      },
    }),
  ];
}
