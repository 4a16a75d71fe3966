import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';
import { precompressedFiles } from './precompressed';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Pages are revalidated on every visit: a deploy must reach users at once. */
const isPage = (file: string) => file === '/index.html' || file === '/home.html';

/**
 * Serves uploaded photos and the built SPA. Hashed assets are immutable; the pages are revalidated on every
 * visit; `/` answers home.html when the build has one; every other GET that is not an API or upload path answers index.html so
 * deep links (/detail/x) load the app, which then routes on the client. The build's brotli and gzip copies are
 * sent to browsers that accept them (see precompressed.ts).
 */
export function staticRoutes(options: { uploadsDir: string; webDistDir: string | undefined }): Router {
  const router = Router();
  router.use('/uploads', express.static(options.uploadsDir, { maxAge: '30d', immutable: true, index: false, fallthrough: false }));

  const dist = options.webDistDir;
  if (!dist || !existsSync(path.join(dist, 'index.html'))) return router;

  const build = precompressedFiles(dist, (file) =>
    isPage(file) ? 'no-cache' : file.startsWith('/assets/') ? IMMUTABLE : 'public, max-age=3600',
  );
  // home.html is index.html with hints for what the home feed always loads (apps/web/home-page-plugin.ts).
  const homePage = existsSync(path.join(dist, 'home.html')) ? '/home.html' : '/index.html';
  router.get('/', (req, res, next) => build.send(req, res, next, homePage));
  router.use(build.middleware);
  router.use('/assets', express.static(path.join(dist, 'assets'), { maxAge: '1y', immutable: true, index: false, fallthrough: false }));
  router.use(express.static(dist, { index: false, maxAge: '1h' }));
  router.get(/^(?!\/api\/|\/socket\.io\/|\/uploads\/).*/, (req, res, next) => build.send(req, res, next, '/index.html'));
  return router;
}
