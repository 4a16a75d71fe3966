import { Router } from 'express';
import { ItemListQuerySchema } from '@keeb/shared';
import { parseInput } from '../../platform/errors';
import type { DiscoveryService } from './service';

export function discoveryRoutes(discovery: DiscoveryService): Router {
  const router = Router();
  router.get('/items', async (req, res) => {
    const query = parseInput(ItemListQuerySchema, req.query);
    res.json(await discovery.feed(query));
  });
  return router;
}
