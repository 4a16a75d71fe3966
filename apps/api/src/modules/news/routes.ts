import { UpdatesMailInputSchema } from '@keeb/shared';
import { userIdOf } from '../../platform/auth';
import { parseInput } from '../../platform/errors';
import { route, type RouteSpec } from '../../platform/route-table';
import type { NewsService } from './service';

/** Product news (the `updates` email preference): an admin writes it once, every opted-in user gets it by mail. */
export function newsRoutes(deps: { news: NewsService }): RouteSpec[] {
  const { news } = deps;
  return [
    route({
      method: 'post', path: '/admin/updates', access: 'admin', input: { body: UpdatesMailInputSchema },
      handler: async (req, res) => {
        const input = parseInput(UpdatesMailInputSchema, req.body);
        res.json(await news.sendUpdates(userIdOf(req), input));
      },
    }),
  ];
}
