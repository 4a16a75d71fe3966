import type { NotificationCounts } from '@keeb/shared';
import { userIdOf } from '../../platform/auth';
import { route, type RouteSpec } from '../../platform/route-table';

/** Each module's count of what is new for a user (offers now; messages arrive with chat). */
export interface NotificationSources {
  newOffers(userId: string): Promise<number>;
  newMessages?(userId: string): Promise<number>;
}

/** GET /api/me/notifications: the badges of the navbar, the avatar menu and the phone toolbar. */
export function notificationsRoutes(sources: NotificationSources): RouteSpec[] {
  return [
    route({
      method: 'get', path: '/me/notifications', access: 'signedIn',
      handler: async (req, res) => {
        const userId = userIdOf(req);
        const [numNewOffers, numNewMessages] = await Promise.all([sources.newOffers(userId), sources.newMessages?.(userId) ?? 0]);
        const counts: NotificationCounts = { numNewOffers, numNewMessages };
        res.json(counts);
      },
    }),
  ];
}
