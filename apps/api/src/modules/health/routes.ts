import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { route, type RouteSpec } from '../../platform/route-table';

export function healthRoutes(db: Database): RouteSpec[] {
  return [
    // Answers ok only once the database answers, so load balancers and start scripts can wait on it.
    route({
      method: 'get', path: '/health', access: 'public',
      handler: async (_req, res) => {
        try {
          await db.execute(sql`select 1`);
          res.json({ ok: true });
        } catch {
          res.status(503).json({ ok: false, message: 'database_unavailable' });
        }
      },
    }),
  ];
}
