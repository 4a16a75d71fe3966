import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';

/**
 * Serves uploaded photos and the built SPA. Hashed assets are immutable; every other GET that is not an API or
 * upload path answers index.html so deep links (/detail/x) load the app, which then routes on the client.
 */
export function staticRoutes(options: { uploadsDir: string; webDistDir: string | undefined }): Router {
  const router = Router();
  router.use('/uploads', express.static(options.uploadsDir, { maxAge: '30d', immutable: true, index: false, fallthrough: false }));

  const dist = options.webDistDir;
  if (!dist || !existsSync(path.join(dist, 'index.html'))) return router;

  router.use('/assets', express.static(path.join(dist, 'assets'), { maxAge: '1y', immutable: true, index: false, fallthrough: false }));
  router.use(express.static(dist, { index: false, maxAge: '1h' }));
  router.get(/^(?!\/api\/|\/socket\.io\/|\/uploads\/).*/, (_req, res) => {
    res.set('Cache-Control', 'no-cache').sendFile(path.join(dist, 'index.html'));
  });
  return router;
}
