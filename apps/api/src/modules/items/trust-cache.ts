import type { Trust } from '@keeb/shared';
import { setNewest } from '../../platform/bounded-map';

/** Sellers whose figures are kept at most (a few hundred bytes each). */
const MAX_ENTRIES = 5000;

interface Entry {
  at: number;
  trust: Promise<Trust | undefined>;
}

/**
 * The item page's seller trust figures (issue 26), kept per seller for `ttlMs` (TRUST_CACHE_MS, a minute by
 * default). Read inside the item page's statement they cost every view a quarter more database time (bench, 'item
 * page'), for figures that move a few times a week; a minute late on an item page is fine, and the profile, where
 * someone goes to judge a trader, reads them fresh. 0 reads them every time. One load serves a burst of views.
 */
export function createTrustCache(ttlMs: number, now: () => number = Date.now) {
  const entries = new Map<string, Entry>();
  return {
    get(sellerId: string, load: () => Promise<Trust | undefined>): Promise<Trust | undefined> {
      if (ttlMs === 0) return load();
      const time = now();
      const kept = entries.get(sellerId);
      if (kept && time - kept.at < ttlMs) return kept.trust;
      const trust = load();
      setNewest(entries, sellerId, { at: time, trust }, MAX_ENTRIES);
      // A failed read is not kept: the next view tries again.
      trust.catch(() => {
        if (entries.get(sellerId)?.trust === trust) entries.delete(sellerId);
      });
      return trust;
    },
  };
}

export type TrustCache = ReturnType<typeof createTrustCache>;
