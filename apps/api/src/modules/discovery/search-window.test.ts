import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { items } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { createUser, itemValues } from '../../test/factories';
import * as repo from './repo';
import { newestFirstSearchPage } from './search-statement';
import { forgetSearchWindowCaches, isCommonSearch, windowDays, windowOf } from './search-window';

const t = useTestApp();
const DAY = 86_400_000;
const startOfUtcDay = (daysAgo: number) => {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - daysAgo * DAY;
};

const listedAgo = (days: number, minutes = 0) => new Date(Date.now() - days * DAY - (60 + minutes) * 60_000);

/** Two public listings a day for 60 days (one matches 'olivia'), and five matches tied on a day's first millisecond. */
async function catalogue() {
  const seller = await createUser(t.db.db);
  const rows = [];
  for (let d = 0; d < 60; d++) {
    rows.push(itemValues(seller.id, { name: `GMK Olivia ${d}`, timeListed: listedAgo(d) }));
    rows.push(itemValues(seller.id, { name: `Tofu60 ${d}`, timeListed: listedAgo(d, 1) }));
  }
  for (let i = 0; i < 5; i++) rows.push(itemValues(seller.id, { name: `GMK Olivia tie ${i}`, timeListed: new Date(startOfUtcDay(12)) }));
  // Not public: never in a page.
  rows.push(itemValues(seller.id, { name: 'GMK Olivia pending', approvalStatus: 'pending' }));
  const inserted = await t.db.db.insert(items).values(rows).returning({ id: items.id, name: items.name, timeListed: items.timeListed });
  return inserted
    .filter((r) => r.name.startsWith('GMK Olivia') && r.name !== 'GMK Olivia pending')
    .sort((a, b) => b.timeListed.getTime() - a.timeListed.getTime() || (a.id < b.id ? 1 : -1))
    .map((r) => r.id);
}

describe('newest-first search through a window of recent days', () => {
  beforeEach(() => forgetSearchWindowCaches(t.db.db));

  it('sizes the window in days from the newest listings, and has none when there are fewer', async () => {
    await catalogue();
    // 125 public listings, two a day (plus five on day 12): the 20th newest is the second of 9 days ago.
    expect(await windowDays(t.db.db, 20)).toBe(repo.listDay(new Date()) - repo.listDay(listedAgo(9, 1)));
    expect(await windowDays(t.db.db, 500)).toBeUndefined();
  });

  it.each([
    ['read through the index', false],
    ['walked (every word common)', true],
  ])('pages in exact time order across the window (%s) and the older listings, ties on the boundary included', async (_, walked) => {
    const expected = await catalogue();
    // The word statistics come from ANALYZE: 'olivia' is in half the listings.
    if (walked) await t.db.db.execute(sql`analyze items`);
    const base = await repo.withTsquery(t.db.db, { scope: { kind: 'public' }, search: 'olivia', sort: 'def', cursor: {}, limit: 7 });
    expect(await isCommonSearch(t.db.db, base!.tsquery!)).toBe(walked);
    const seen: string[] = [];
    let cursor: repo.Cursor = {};
    for (let n = 0; n < 20; n++) {
      const page = await newestFirstSearchPage(t.db.db, { ...base!, cursor }, 21);
      seen.push(...page.map((r) => r.id));
      if (page.length < 7) break;
      const last = page.at(-1)!;
      cursor = { ts: last.timeListed, id: last.id };
    }
    expect(seen).toEqual(expected);
  });

  it("reads a search whose words the statistics do not list by its words at once, without a window: a typo's exact tier", async () => {
    const expected = await catalogue();
    await t.db.db.execute(sql`analyze items`);
    const tiers = await repo.searchTiers(t.db.db, { scope: { kind: 'public' }, search: 'olivai', sort: 'def', cursor: {}, limit: 36 });
    expect(tiers!.exact.tsquery).toBe("'olivai'");
    const exact = await windowOf(t.db.db, tiers!.exact, 21);
    expect(exact?.byWords).toBe(true);
    expect(exact?.fromDay).toBeUndefined();
    expect(await newestFirstSearchPage(t.db.db, tiers!.exact, 21)).toEqual([]);
    // The typo tier's words are listed: it keeps its window.
    expect((await windowOf(t.db.db, tiers!.typo!, 21))?.fromDay).toBeTypeOf('number');
    expect((await newestFirstSearchPage(t.db.db, tiers!.typo!, 21)).map((r) => r.id)).toEqual(expected.slice(0, 36));
  });

  it('fills a page from older listings when the window holds too few matches', async () => {
    const expected = await catalogue();
    const base = await repo.withTsquery(t.db.db, { scope: { kind: 'public' }, search: 'olivia', sort: 'def', cursor: {}, limit: 36 });
    // A window of the 4 newest listings (a day or two) holds two or three matches; the rest come from before it.
    const page = await newestFirstSearchPage(t.db.db, base!, 4);
    expect(page.map((r) => r.id)).toEqual(expected.slice(0, 36));
    expect(page.map((r) => r.sellerUsername)).toEqual(Array(36).fill(page[0]!.sellerUsername));
  });
});
