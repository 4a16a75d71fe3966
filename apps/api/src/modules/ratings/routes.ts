import { RatingInputSchema, RatingListQuerySchema } from '@keeb/shared';
import { userIdOf } from '../../platform/auth';
import { parseInput } from '../../platform/errors';
import { route, type RouteSpec } from '../../platform/route-table';
import type { RatingsService } from './service';

/**
 * Seller feedback (spec part 2, section 7). The GETs are public (visitors read ratings) and name the seller as the
 * profile calls do: by username, or by id. Rating is for signed-in users; the service lets only the item's buyer.
 */
export function ratingsRoutes(ratings: RatingsService): RouteSpec[] {
  return [
    route({
      method: 'post', path: '/user/feedback', access: 'signedIn', input: { body: RatingInputSchema },
      handler: async (req, res) => {
        res.json(await ratings.rate(userIdOf(req), parseInput(RatingInputSchema, req.body)));
      },
    }),
    route({
      method: 'get', path: '/user/:id/rating-avg', access: 'public',
      handler: async (req, res) => {
        res.json(await ratings.averages(String(req.params.id)));
      },
    }),
    route({
      method: 'get', path: '/user/:id/rating', access: 'public', input: { query: RatingListQuerySchema },
      handler: async (req, res) => {
        res.json(await ratings.ratings(String(req.params.id), parseInput(RatingListQuerySchema, req.query)));
      },
    }),
  ];
}
