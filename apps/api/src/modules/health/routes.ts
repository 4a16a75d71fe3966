import { sql } from 'drizzle-orm';
import { Router } from 'express';
import type { Database } from '../../db/client';

export function healthRoutes(db: Database): Router {
  const router = Router();
  // Answers ok only once the database answers, so load balancers and start scripts can wait on it.
  router.get('/health', async (_req, res) => {
    try {
      await db.execute(sql`select 1`);
      res.set('Cache-Control', 'no-store').json({ ok: true });
    } catch {
      res.status(503).json({ ok: false, message: 'database_unavailable' });
    }
  });
  return router;
}
