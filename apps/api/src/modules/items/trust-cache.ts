import type { Trust } from '@keeb/shared';

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
      // Insertion order is age order: re-inserting moves the key last, so the first key is the oldest.
      entries.delete(sellerId);
      entries.set(sellerId, { at: time, trust });
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      // A failed read is not kept: the next view tries again.
      trust.catch(() => {
        if (entries.get(sellerId)?.trust === trust) entries.delete(sellerId);
      });
      return trust;
    },
  };
}

export type TrustCache = ReturnType<typeof createTrustCache>;
