/**
 * Issue 37: the members' cases, each judged against a visitor's uncached filtered page measured in the same run
 * (the same two-spec page as 'filter: two specs, signed out', on an API process whose 1 s first-page cache is off:
 * what a visitor's request costs when no cache answers it). A member's page may cost at most 1.5 x that page
 * (requests/s at least 0.67 x), the busiest seller's profile header at most 2 x (0.5 x), and a member's search and the
 * filters modal's combinations at most 4 x its p99.
 */
import type { ItemListQuery } from '@keeb/shared';
import type { BenchCase } from './cases';

export const VISITOR_UNCACHED = 'visitor: filter two specs, uncached (the members\' baseline)';

/** A case's bound against the baseline: requests/s at least `minRps` x its, or p99 at most `maxP99` x its. */
export interface VersusVisitor {
  minRps?: number;
  maxP99?: number;
}

export function memberCases(o: {
  filtered: BenchCase;
  memberCookie: string;
  seller: { username: string; id: string };
  itemIds: string[];
  feedCase: (name: string, kind: BenchCase['kind'], query: ItemListQuery) => BenchCase;
}): BenchCase[] {
  const { filtered, memberCookie: cookie } = o;
  // 300 of the item sample, spread over it: the member item pages.
  const step = Math.max(1, Math.floor(o.itemIds.length / 300));
  const itemPaths = o.itemIds.filter((_, i) => i % step === 0).slice(0, 300).map((id) => `/api/item/${id}`);
  return [
    { ...filtered, name: VISITOR_UNCACHED, uncachedApi: true },
    { ...o.feedCase('member: home feed', 'list', {}), cookie, vsVisitor: { minRps: 0.67 } },
    { ...filtered, name: 'member: filter two specs', cookie, vsVisitor: { minRps: 0.67 } },
    { name: "member: the busiest seller's profile header", kind: 'profile', path: `/api/user/${encodeURIComponent(o.seller.username)}/profile`, sellerId: o.seller.id, cookie, vsVisitor: { minRps: 0.5 } },
    { name: 'member: item pages (300 listings)', kind: 'item', path: itemPaths[0]!, paths: itemPaths, itemIds: itemPaths.map((p) => p.slice('/api/item/'.length)), cookie, vsVisitor: { minRps: 0.67 } },
    { ...o.feedCase('member: search "olivia"', 'search', { searchText: 'olivia' }), cookie, vsVisitor: { maxP99: 4 } },
    // Both search tiers in the page (a typo's exact tier is empty), one statement since issue 37.
    { ...o.feedCase('member: search typo "olivai"', 'search', { searchText: 'olivai' }), cookie, vsVisitor: { maxP99: 4 } },
    // A rare three-spec combination (about 150 of 1,000,000 listings): read by its matches, not walked (spec-plan.ts).
    { ...o.feedCase('member: a rare combination (60% + JIS + solder)', 'list', { categoryIds: 'keyboards', size: '60%', layout: 'jis', mounting: 'solder' }), cookie, vsVisitor: { maxP99: 4 } },
  ];
}
