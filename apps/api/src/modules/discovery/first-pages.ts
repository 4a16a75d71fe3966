import { SPEC_KEYS, type ItemListQuery } from '@keeb/shared';
import { keptAnswer, type KeptAnswer } from './kept-answer';
import { setNewest } from '../../platform/bounded-map';

/*
 * The home feed's first page as signed-out visitors see it, kept for a second (FIRST_PAGE_CACHE_MS). Every
 * visitor's home page is the same query: answered from memory, the busiest call costs the API a lookup instead
 * of a query, a page of cards and their JSON (the first feed page served 26% of a bare Express hello-world's
 * requests per second; see docs/performance/2026-11-23-fifth-session-platform-merge.md). Only signed-out requests
 * read it: a signed-in page carries the viewer's hearts, and whoever just acted (approved, saved, listed) is signed
 * in, so their own change shows at once. A visitor sees a page at most ttlMs old, and a page whose cursor they
 * follow was read fresh.
 */

/** One entry per sort order today; the bound keeps it so if the kept queries ever widen. */
const MAX_ENTRIES = 200;
/** Request URLs remembered for the door (keptAt): a few per kept query; longer URLs are not remembered. */
const MAX_URLS = 1000;
export const MAX_URL_LENGTH = 512;

interface Entry {
  at: number;
  /** The answer, shared by concurrent requests while it is being read (one query for a burst of misses). */
  body: Promise<KeptAnswer>;
  /** The same once read: what the door sends without waiting. */
  ready?: KeptAnswer;
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
  /** Request URL (as received, validated by the route) -> the query it parsed to: what the door looks up. */
  const urls = new Map<string, string>();
  return {
    /**
     * This first page: kept when younger than ttlMs, else read by `load` (once for a burst). `url`: the request's
     * URL, remembered so that the next request for it is answered at the door (keptAt) without being parsed again.
     */
    answer(query: ItemListQuery, load: () => Promise<unknown>, url?: string): Promise<KeptAnswer> {
      const key = JSON.stringify(query);
      if (url !== undefined && url.length <= MAX_URL_LENGTH && urls.get(url) !== key) setNewest(urls, url, key, MAX_URLS);
      const time = now();
      const kept = entries.get(key);
      if (kept && time - kept.at < ttlMs) return kept.body;
      const entry: Entry = { at: time, body: load().then((page) => keptAnswer(Buffer.from(JSON.stringify(page)))) };
      setNewest(entries, key, entry, MAX_ENTRIES);
      entry.body.then(
        (answer) => void (entry.ready = answer),
        // A failed read is not kept: the next request tries again.
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return entry.body;
    },
    /** The answer kept for this request URL, when a request for it was answered through `answer` and is still fresh. */
    keptAt(url: string): KeptAnswer | undefined {
      const key = urls.get(url);
      const kept = key === undefined ? undefined : entries.get(key);
      return kept?.ready && now() - kept.at < ttlMs ? kept.ready : undefined;
    },
  };
}

export type FirstPageCache = ReturnType<typeof createFirstPageCache>;
