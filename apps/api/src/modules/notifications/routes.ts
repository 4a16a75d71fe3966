import type { NotificationCounts } from '@keeb/shared';
import { userIdOf } from '../../platform/auth';
import { route, type RouteSpec } from '../../platform/route-table';

/** GET /api/me/notifications: the badges of the navbar, the avatar menu and the phone toolbar. */
export function notificationsRoutes(countsOf: (userId: string) => Promise<NotificationCounts>): RouteSpec[] {
  return [
    route({
      method: 'get', path: '/me/notifications', access: 'signedIn',
      handler: async (req, res) => {
        const counts: NotificationCounts = await countsOf(userIdOf(req));
        res.json(counts);
      },
    }),
  ];
}
