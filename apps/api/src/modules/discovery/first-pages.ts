import { SPEC_KEYS, type ItemListQuery } from '@keeb/shared';

/*
 * The home feed's first page as signed-out visitors see it, kept for a second (FIRST_PAGE_CACHE_MS). Every
 * visitor's home page is the same query: answered from memory, the busiest call costs the API a lookup instead
 * of a query, a page of cards and their JSON (the first feed page served 26% of a bare Express hello-world's
 * requests per second; see docs/performance.md). Only signed-out requests read it: a signed-in page carries the
 * viewer's hearts, and whoever just acted (approved, saved, listed) is signed in, so their own change shows at
 * once. A visitor sees a page at most ttlMs old, and a page whose cursor they follow was read fresh.
 */

/** One entry per sort order today; the bound keeps it so if the kept queries ever widen. */
const MAX_ENTRIES = 200;

interface Entry {
  at: number;
  /** The answer's JSON, shared by concurrent requests while it is being read (one query for a burst of misses). */
  body: Promise<Buffer>;
}

/**
 * The home feed's first page, in any sort order: no cursor (the page after one depends on what the visitor already
 * holds), and no search or filter, whose pages are many and each rarely asked for twice in a second.
 */
export const isHomeFirstPage = (query: ItemListQuery) =>
  Object.values({ ...query, sort: undefined }).every((value) => value === undefined || value === '');

/**
 * Issue 29: a first page filtered by spec (`categoryIds=keyboards&size=65%25&mounting=hot-swap`), signed out: the
 * filters modal's popular combinations are asked by many visitors, each one the same query, so they are kept
 * like the home page (a cache of their own, as bounded, with the same time to live). No cursor and no search:
 * those pages are many and each rarely asked for twice in a second.
 */
export const isSpecFirstPage = (query: ItemListQuery) =>
  SPEC_KEYS.some((key) => query[key] !== undefined && query[key] !== '') &&
  [query.ts, query.price, query.likes, query.cursorId, query.searchText].every((value) => value === undefined || value === '');

export function createFirstPageCache(ttlMs: number, now: () => number = Date.now) {
  const entries = new Map<string, Entry>();
  return {
    /** The JSON of this first page: kept when younger than ttlMs, else read by `load` (once for a burst). */
    json(query: ItemListQuery, load: () => Promise<unknown>): Promise<Buffer> {
      const key = JSON.stringify(query);
      const time = now();
      const kept = entries.get(key);
      if (kept && time - kept.at < ttlMs) return kept.body;
      const body = load().then((page) => Buffer.from(JSON.stringify(page)));
      // Insertion order is age order: re-inserting moves the key last, so the first key is the oldest.
      entries.delete(key);
      entries.set(key, { at: time, body });
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      // A failed read is not kept: the next request tries again.
      body.catch(() => {
        if (entries.get(key)?.body === body) entries.delete(key);
      });
      return body;
    },
  };
}

export type FirstPageCache = ReturnType<typeof createFirstPageCache>;
