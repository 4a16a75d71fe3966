import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { items } from '../../db/schema/index';
import { listDay, publicItem, type ListOptions } from './list-options';
import { orderFor } from './list-order';
import { tsqueryShare } from './tsquery-share';

/**
 * How many of the newest public listings a newest-first search reads first. A word in a few thousand listings
 * (0.5% of a million) has about 50 matches among them: a full page from one small read instead of a visit to
 * every match. A rarer word fills the rest from all older listings, where its matches are few.
 */
export const SEARCH_WINDOW_LISTINGS = 10_000;

/**
 * A word in at least this share of listings fills a page within a few thousand of the newest: the window is
 * walked newest first (stopping at a full page) rather than read match by match through the index.
 */
export const COMMON_WORD_SHARE = 0.02;

/** How long a window's length in days and the word statistics are reused: both change slowly. */
const TTL_MS = 10 * 60_000;
const windowCache = new WeakMap<Queryable, Map<number, { days: number | undefined; at: number }>>();
const wordShareCache = new WeakMap<Queryable, { shares: Map<string, number>; at: number }>();

/** Drops this database's cached window lengths and word statistics (tests, after a bulk load). */
export function forgetSearchWindowCaches(db: Queryable) {
  windowCache.delete(db);
  wordShareCache.delete(db);
}

/**
 * The share of listings holding each of the most common search words, from the statistics ANALYZE keeps on
 * items.search (pg_stats.most_common_elems; empty before the first ANALYZE).
 */
async function commonWordShares(db: Queryable): Promise<Map<string, number>> {
  const hit = wordShareCache.get(db);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.shares;
  const result = (await db.execute(sql`
    select word, share
    from pg_stats, unnest(most_common_elems::text::text[], most_common_elem_freqs) as mce(word, share)
    where schemaname = current_schema() and tablename = 'items' and attname = 'search' and word is not null`)) as unknown as {
    rows: Array<{ word: string; share: number }>;
  };
  const shares = new Map(result.rows.map((r) => [r.word, Number(r.share)]));
  wordShareCache.set(db, { shares, at: Date.now() });
  return shares;
}

/**
 * Whether a search's full-text query matches at least COMMON_WORD_SHARE of listings, estimated from the word
 * statistics (tsqueryShare). Only a hint for how to read the window, never for what is found.
 */
export async function isCommonSearch(db: Queryable, tsquery: string): Promise<boolean> {
  return tsqueryShare(tsquery, await commonWordShares(db)) >= COMMON_WORD_SHARE;
}

/**
 * The days back from today that hold `listings` public listings (from the newest listing's day), or undefined
 * when there are fewer: then a search reads them all at once anyway. One walk of items_feed_idx, cached.
 */
export async function windowDays(db: Queryable, listings: number): Promise<number | undefined> {
  let byListings = windowCache.get(db);
  if (!byListings) windowCache.set(db, (byListings = new Map()));
  const hit = byListings.get(listings);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.days;
  const [row] = await db
    .select({ timeListed: items.timeListed })
    .from(items)
    .where(publicItem)
    .orderBy(...orderFor('def'))
    .offset(listings - 1)
    .limit(1);
  const days = row ? Math.max(1, listDay(new Date()) - listDay(row.timeListed)) : undefined;
  byListings.set(listings, { days, at: Date.now() });
  return days;
}

/**
 * The window query of a newest-first search, or undefined when all listings fit in one window. A search none of
 * whose words the statistics list (once ANALYZE has made them) has fewer matches than the least common word they
 * list, and would not fill a page from the window: its matches are read at once by their words (byWords, no
 * window), one query instead of two. The exact tier of a typo is such a search (issue 25).
 */
export async function windowOf(db: Queryable, o: ListOptions, listings = SEARCH_WINDOW_LISTINGS): Promise<ListOptions | undefined> {
  const days = await windowDays(db, listings);
  if (days === undefined) return undefined;
  const shares = await commonWordShares(db);
  if (shares.size > 0 && tsqueryShare(o.tsquery ?? '', shares) === 0) return { ...o, byWords: true };
  const fromDay = listDay(o.cursor.ts ? new Date(o.cursor.ts) : new Date()) - days;
  return { ...o, fromDay, walkWindow: await isCommonSearch(db, o.tsquery ?? '') };
}

/** The query for the rest of the page from before the window, when the window found only `found` matches. */
export const beforeWindow = (window: ListOptions, found: number): ListOptions => ({
  ...window,
  fromDay: undefined,
  walkWindow: undefined,
  beforeDay: window.fromDay,
  byWords: window.walkWindow !== true,
  limit: window.limit - found,
});
