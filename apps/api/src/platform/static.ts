import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';
import { inMemoryDocument, precompressedFiles } from './precompressed';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The home feed asks for its first page only after the app's code has loaded, run, and learnt who is signed in.
 * Hinted in the home page, the browser asks at once, with the HTML, and the app's own call (the same URL, with
 * the default list settings every first visit has) takes the answer waiting for it. Cookies go along (same
 * origin), so a signed-in visitor's hearts are theirs. A visitor with other settings makes their own call.
 */
const HOME_FEED_HINT = '<link rel="preload" href="/api/items?sort=def" as="fetch" crossorigin>';

/**
 * Serves uploaded photos and the built SPA. Hashed assets are immutable; index.html is revalidated on every visit
 * (a deploy must reach users at once); every other GET that is not an API or upload path answers index.html so
 * deep links (/detail/x) load the app, which then routes on the client. The build's brotli and gzip copies are
 * sent to browsers that accept them (see precompressed.ts).
 */
export function staticRoutes(options: { uploadsDir: string; webDistDir: string | undefined }): Router {
  const router = Router();
  router.use('/uploads', express.static(options.uploadsDir, { maxAge: '30d', immutable: true, index: false, fallthrough: false }));

  const dist = options.webDistDir;
  if (!dist || !existsSync(path.join(dist, 'index.html'))) return router;

  const build = precompressedFiles(dist, (file) =>
    file === '/index.html' ? 'no-cache' : file.startsWith('/assets/') ? IMMUTABLE : 'public, max-age=3600',
  );
  const home = inMemoryDocument(
    readFileSync(path.join(dist, 'index.html'), 'utf8').replace('</head>', `${HOME_FEED_HINT}</head>`),
    'html',
    'no-cache',
  );
  router.get('/', home);
  router.use(build.middleware);
  router.use('/assets', express.static(path.join(dist, 'assets'), { maxAge: '1y', immutable: true, index: false, fallthrough: false }));
  router.use(express.static(dist, { index: false, maxAge: '1h' }));
  router.get(/^(?!\/api\/|\/socket\.io\/|\/uploads\/).*/, (req, res, next) => build.send(req, res, next, '/index.html'));
  return router;
}
