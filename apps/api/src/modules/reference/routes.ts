import { Router } from 'express';
import type { ReferenceService } from './service';

// private: responses may carry the XSRF cookie, which a shared cache must never replay to someone else.
const CACHE = 'private, max-age=300';

export function referenceRoutes(reference: ReferenceService): Router {
  const router = Router();
  router.get('/categories', async (_req, res) => {
    res.set('Cache-Control', CACHE).json(await reference.categories());
  });
  router.get('/regions', async (_req, res) => {
    res.set('Cache-Control', CACHE).json(await reference.regions());
  });
  // The spec's client calls both: /getCountries from the phone-verification dialog, /countries elsewhere.
  for (const path of ['/countries', '/getCountries']) {
    router.get(path, async (_req, res) => {
      res.set('Cache-Control', CACHE).json(await reference.countries());
    });
  }
  return router;
}
