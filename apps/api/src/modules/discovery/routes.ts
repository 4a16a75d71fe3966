import { Router, type RequestHandler } from 'express';
import { ItemListQuerySchema } from '@keeb/shared';
import { requireLogin, userIdOf } from '../../platform/auth';
import { parseInput } from '../../platform/errors';
import { createFirstPageCache, isHomeFirstPage } from './first-pages';
import { profilesRoutes } from './profiles-routes';
import type { DiscoveryService } from './service';

/**
 * jsonBody: the API's JSON body parser; these routes come before it, and only searchItems has a body.
 * firstPageCacheMs: how long signed-out first pages are kept (first-pages.ts; 0 reads every one).
 */
export function discoveryRoutes(discovery: DiscoveryService, { jsonBody, firstPageCacheMs }: { jsonBody: RequestHandler; firstPageCacheMs: number }): Router {
  const router = Router();
  const firstPages = createFirstPageCache(firstPageCacheMs);
  router.get('/items', async (req, res) => {
    const query = parseInput(ItemListQuerySchema, req.query);
    const viewer = req.session.userId;
    if (viewer || !isHomeFirstPage(query) || firstPageCacheMs === 0) return void res.json(await discovery.feed(query, viewer));
    res.set('Content-Type', 'application/json; charset=utf-8').send(await firstPages.json(query, () => discovery.feed(query, undefined)));
  });
  // The spec sends searchText and ts as query parameters; a JSON body with the same fields is accepted too.
  router.post('/searchItems', jsonBody, async (req, res) => {
    const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
    res.json(await discovery.feed(parseInput(ItemListQuerySchema, { ...body, ...req.query }), req.session.userId));
  });
  router.get('/user/:id/items/listed', async (req, res) => {
    res.json(await discovery.sellerListed(req.params.id, parseInput(ItemListQuerySchema, req.query), req.session.userId));
  });
  for (const kind of ['listed', 'sold', 'purchased'] as const) {
    router.get(`/me/items/${kind}`, requireLogin, async (req, res) => {
      res.json(await discovery.mine(kind, userIdOf(req), parseInput(ItemListQuerySchema, req.query)));
    });
  }
  router.get('/me/items/saved', requireLogin, async (req, res) => {
    res.json(await discovery.saved(userIdOf(req), parseInput(ItemListQuerySchema, req.query)));
  });
  router.get('/me/items/followed', requireLogin, async (req, res) => {
    res.json(await discovery.followed(userIdOf(req), parseInput(ItemListQuerySchema, req.query)));
  });
  router.use(profilesRoutes(discovery.profiles));
  return router;
}
