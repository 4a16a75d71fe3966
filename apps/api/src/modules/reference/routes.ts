import { route, type RouteSpec } from '../../platform/route-table';
import type { ReferenceService } from './service';

// private: responses may carry the XSRF cookie, which a shared cache must never replay to someone else.
const CACHE = 'private, max-age=300';

export function referenceRoutes(reference: ReferenceService): RouteSpec[] {
  return [
    route({
      method: 'get', path: '/categories', access: 'public',
      handler: async (_req, res) => {
        res.set('Cache-Control', CACHE).json(await reference.categories());
      },
    }),
    route({
      method: 'get', path: '/regions', access: 'public',
      handler: async (_req, res) => {
        res.set('Cache-Control', CACHE).json(await reference.regions());
      },
    }),
    // The spec's client calls both: /getCountries from the phone-verification dialog, /countries elsewhere.
    ...['/countries', '/getCountries'].map((path) =>
      route({
        method: 'get', path, access: 'public',
        handler: async (_req, res) => {
          res.set('Cache-Control', CACHE).json(await reference.countries());
        },
      }),
    ),
  ];
}
