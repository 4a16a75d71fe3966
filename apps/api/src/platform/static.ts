import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';
import { uploadsHandler } from '../adapters/storage/serve';
import { createLocalStorage, type Storage } from '../adapters/storage/storage';
import { precompressedFiles } from './precompressed';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Pages are revalidated on every visit: a deploy must reach users at once. */
const isPage = (file: string) => /^\/[a-z-]+\.html$/.test(file);

/**
 * The pages the web build writes with hints for one route (apps/web/vite.config.ts, home-page-plugin.ts): the
 * route's code and stylesheets, and the API calls it always makes. Listed with the paths that render that route.
 */
const ROUTE_PAGES: readonly { file: string; path: RegExp }[] = [
  { file: '/home.html', path: /^\/$/ },
  { file: '/detail.html', path: /^\/detail\/[^/]+\/?$/ },
  { file: '/sell.html', path: /^\/sell\/?$/ },
  { file: '/profile.html', path: /^\/u\/[^/]+\/?$/ },
];
/** An item id as the API issues them; anything else gets no hint rather than a header built from odd input. */
const ITEM_ID = /^\/detail\/([A-Za-z0-9_-]{1,64})\/?$/;
/** A username as sign-up allows them (USERNAME_PATTERN), likewise. */
const PROFILE_NAME = /^\/u\/([A-Za-z0-9_-]{1,64})\/?$/;

/**
 * A photo URL as it may stand in a Link header: a path on this site or an https address, with nothing that would end
 * the URL or the header's entry early (a photo URL is the seller's input: photo links are checked, but not for this).
 */
const HINTABLE_PHOTO = /^(?:\/|https:\/\/)[^\s<>"',;\\]+$/;

/** The calls a route's page makes first whose URL holds its path's id: asked for with the HTML (a Link header). */
function hintedCalls(file: string | undefined, requestPath: string): string[] {
  const itemId = file === '/detail.html' ? ITEM_ID.exec(requestPath)?.[1] : undefined;
  if (itemId) return [`/api/item/${itemId}`];
  // Issue 37: the profile's header, then its listings once the header is in; both with the HTML instead.
  const username = file === '/profile.html' ? PROFILE_NAME.exec(requestPath)?.[1] : undefined;
  return username ? [`/api/user/${username}/profile`, `/api/user/${username}/items/listed`] : [];
}

/**
 * Serves uploaded photos and the built SPA. Hashed assets are immutable; the pages are revalidated on every
 * visit; `/`, an item page and the sell page answer their route's page (index.html with that route's hints) when
 * the build has one (a profile too, issue 37); every other GET that is not an API or upload path answers index.html so
 * deep links (/detail/x) load the app, which then routes on the client. The build's brotli and gzip copies are
 * sent to browsers that accept them (see precompressed.ts).
 */
export function staticRoutes(options: {
  uploadsDir: string;
  webDistDir: string | undefined;
  storage?: Storage;
  uploadsPublicUrl?: string | undefined;
  /** The photo an item page shows first, by item id (modules/items/page-photo.ts); undefined when it has none. */
  itemPhoto?: (itemId: string) => Promise<string | undefined>;
}): Router {
  const router = Router();
  router.use('/uploads', uploadsHandler({ storage: options.storage ?? createLocalStorage(options.uploadsDir), uploadsDir: options.uploadsDir, publicUrl: options.uploadsPublicUrl }));

  /** The item page's photo to preload; a failed look-up only costs the hint, the page is sent all the same. */
  const itemPhotoFor = async (requestPath: string): Promise<string | undefined> => {
    const itemId = ITEM_ID.exec(requestPath)?.[1];
    if (!itemId || !options.itemPhoto) return undefined;
    const photo = await options.itemPhoto(itemId).catch(() => undefined);
    return photo && HINTABLE_PHOTO.test(photo) ? photo : undefined;
  };

  const dist = options.webDistDir;
  if (!dist || !existsSync(path.join(dist, 'index.html'))) return router;

  const build = precompressedFiles(dist, (file) =>
    isPage(file) ? 'no-cache' : file.startsWith('/assets/') ? IMMUTABLE : 'public, max-age=3600',
  );
  // index.html with hints for what one route always loads; a build without them answers index.html.
  const routePages = ROUTE_PAGES.filter((page) => existsSync(path.join(dist, page.file)));
  router.get('/', (req, res, next) => build.send(req, res, next, routePages.find((page) => page.path.test('/'))?.file ?? '/index.html'));
  router.use(build.middleware);
  router.use('/assets', express.static(path.join(dist, 'assets'), { maxAge: '1y', immutable: true, index: false, fallthrough: false }));
  router.use(express.static(dist, { index: false, maxAge: '1h' }));
  router.get(/^(?!\/api\/|\/socket\.io\/|\/uploads\/).*/, async (req, res, next) => {
    const page = routePages.find((candidate) => candidate.path.test(req.path));
    // The item and profile pages' first calls name the item or the user, so they cannot sit in the static page: a
    // Link header asks for them with the HTML, the same requests the page's own fetches then take (same URL, mode and
    // credentials).
    const calls = hintedCalls(page?.file, req.path);
    const hints = calls.map((call) => `<${call}>; rel=preload; as=fetch; crossorigin`);
    // Issue 37: the item page's largest paint is its first photo, found otherwise only once the page's code has run
    // and the item arrived; asked for with the HTML, at the priority the <img> asks for it (same URL, no CORS).
    const photo = page?.file === '/detail.html' ? await itemPhotoFor(req.path) : undefined;
    if (photo) hints.push(`<${photo}>; rel=preload; as=image; fetchpriority=high`);
    if (hints.length) res.append('Link', hints.join(', '));
    build.send(req, res, next, page?.file ?? '/index.html');
  });
  return router;
}
