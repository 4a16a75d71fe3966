import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { route, type RouteSpec } from '../../platform/route-table';

/** `draining`: true once the process is shutting down (server.ts), so the balancer takes it out while it still serves. */
export function healthRoutes(db: Database, draining: () => boolean = () => false): RouteSpec[] {
  return [
    // Answers ok only once the database answers, so load balancers and start scripts can wait on it.
    route({
      method: 'get', path: '/health', access: 'public',
      handler: async (_req, res) => {
        if (draining()) {
          res.status(503).json({ ok: false, message: 'shutting_down' });
          return;
        }
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
