import type { RequestHandler } from 'express';
import { SESSION_COOKIE } from '../../platform/session';
import { XSRF_COOKIE, type XsrfTokens } from '../../platform/xsrf';
import { createFirstPageCache, MAX_URL_LENGTH, type FirstPageCache } from './first-pages';
import { sendKept } from './kept-answer';

/** The answers kept for signed-out visitors (first-pages.ts): the home feed, spec-filtered first pages, the facets. */
export function createKeptPages(ttlMs: number) {
  return { home: createFirstPageCache(ttlMs), specs: createFirstPageCache(ttlMs), facets: createFirstPageCache(ttlMs) };
}

export type KeptPages = ReturnType<typeof createKeptPages>;

/** The value of cookie `name` in a Cookie header, as sent (the two read here are never percent-encoded). */
function cookieIn(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === name) return pair.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * Issue 37: a kept answer sent at the API's door. The home feed's first page is the busiest call, asked by every
 * visitor, and served from memory it still crossed the whole API path: body parsers skipped but the router's
 * layers, the cookie parser, the XSRF check, the session check, zod and the handler, 2.6 x a bare Express
 * answer's CPU for a lookup. Here, mounted right after the access log and the security headers (so those stay
 * the same), a GET whose exact URL the route answered from a cache within its time to live is sent that answer.
 *
 * Only what the route itself would send: the URL was parsed and validated by the route before it was remembered
 * (an unknown or odd URL misses and goes the whole way), and only signed-out visitors holding this server's XSRF
 * token get here. A request with a session cookie goes the whole way (the route reads who it is), and one without
 * a valid token too, because the whole path issues it one (the client needs it for its first write).
 */
export function keptPagesDoor(pages: KeptPages, xsrf: XsrfTokens): RequestHandler {
  const caches: FirstPageCache[] = [pages.home, pages.specs, pages.facets];
  return (req, res, next) => {
    // A URL longer than any the caches remember is not looked up (hashing a crafted 14 KB URL three times cost 28 µs).
    if (req.method !== 'GET' || req.url.length > MAX_URL_LENGTH) return next();
    let kept;
    for (const cache of caches) if ((kept = cache.keptAt(req.url))) break;
    if (!kept) return next();
    const cookies = req.headers.cookie;
    if (cookieIn(cookies, SESSION_COOKIE) !== undefined || !xsrf.validFor(cookieIn(cookies, XSRF_COOKIE), '')) return next();
    // What noStoreByDefault sets on every API answer.
    res.setHeader('Cache-Control', 'no-store');
    sendKept(req, res, kept).catch(next);
  };
}
