import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ITEM_PAGE_SIZE } from '@keeb/shared';
import type { items } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { createItems, createUser } from '../../test/factories';
import { statementsDuring } from '../../test/statements';
import type { Cursor } from './list-options';
import { searchPage } from './search-tiers';
import { forgetSearchWindowCaches, windowOf } from './search-window';
import * as repo from './repo';

/**
 * Issue 37: a search page is one statement for both tiers (search-statement.ts). The exact and typo tiers, the
 * check of which tier the cursor is in and each tier's window used to be a round trip each: a typo search's page
 * cost two or three. Counted here as the database client's calls, and the pages across the tier boundary pinned.
 */
const t = useTestApp();
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
type Card = { _id: string; name: string; timeListed: string };

afterEach(() => vi.restoreAllMocks());

const bulk = (sellerId: string, n: number, row: (i: number) => Partial<typeof items.$inferInsert>) => createItems(t.db.db, sellerId, n, row);

type CursorOf = (last: Card) => Record<string, string>;
const withId: CursorOf = (last) => ({ ts: last.timeListed, cursorId: last._id });
const specCursor: CursorOf = (last) => ({ ts: last.timeListed });

/** Every page of a search, each page's ids, and the statements each page sent once its caches were warm. */
async function pages(text: string, cursor: CursorOf, extra = '') {
  const client = await t.client();
  const seen: string[][] = [];
  const statements: number[] = [];
  // What they were, for the message of a failed count.
  const texts: string[] = [];
  let query = '';
  for (let n = 0; n < 10; n++) {
    const path = `/api/items?searchText=${encodeURIComponent(text)}${extra}${query}`;
    // The first call fills the per-process caches (the search's tsqueries, the away sellers): then count.
    await client.get(path);
    const { result: res, statements: sent, texts: sentTexts } = await statementsDuring(t.db.db, () => client.get(path));
    texts.push(...sentTexts.map((text) => text.slice(0, 200)));
    expect(res.status).toBe(200);
    seen.push((res.body as Card[]).map((c) => c._id));
    statements.push(sent);
    if (res.body.length < ITEM_PAGE_SIZE) break;
    query = `&${new URLSearchParams(cursor(res.body.at(-1))).toString()}`;
  }
  return { seen, statements, texts };
}

describe('a search page in one statement (issue 37)', () => {
  it('a typo search across the tier boundary: one statement a page, with or without cursorId', async () => {
    const seller = await createUser(t.db.db);
    // Typo matches newer than every exact match: newest first alone would list them first.
    const exact = await bulk(seller.id, 40, (i) => ({ name: `Laser deskmat ${i}`, timeListed: minutesAgo(100 + i) }));
    const typo = await bulk(seller.id, 40, (i) => ({ name: `Lazer keycap set ${i}`, timeListed: minutesAgo(1 + i) }));
    for (const cursor of [withId, specCursor]) {
      const { seen, statements, texts } = await pages('laser', cursor);
      // 36 exact; 4 exact and 32 typos (the cursor in the exact tier); 8 typos (the cursor in the typo tier).
      expect(seen).toEqual([exact.slice(0, 36), [...exact.slice(36), ...typo.slice(0, 32)], typo.slice(32)]);
      expect(statements, texts.join('\n')).toEqual([1, 1, 1]);
    }
  });

  it('the cursor at the last exact match: the next page is the typo tier from its start', async () => {
    const seller = await createUser(t.db.db);
    const exact = await bulk(seller.id, ITEM_PAGE_SIZE, (i) => ({ name: `Laser deskmat ${i}`, timeListed: minutesAgo(100 + i) }));
    const typo = await bulk(seller.id, 5, (i) => ({ name: `Lazer keycap set ${i}`, timeListed: minutesAgo(1 + i) }));
    for (const cursor of [withId, specCursor]) {
      const { seen, statements, texts } = await pages('laser', cursor);
      expect(seen).toEqual([exact, typo]);
      expect(statements, texts.join('\n')).toEqual([1, 1]);
    }
  });

  it('pages that are all typo matches, in every sort', async () => {
    const seller = await createUser(t.db.db);
    const typo = await bulk(seller.id, 80, (i) => ({ name: `Lazer keycap set ${i}`, timeListed: minutesAgo(1 + i), priceCents: 1_000 + i * 10 }));
    const { seen, statements, texts } = await pages('laser', withId);
    expect(seen).toEqual([typo.slice(0, 36), typo.slice(36, 72), typo.slice(72)]);
    expect(statements, texts.join('\n')).toEqual([1, 1, 1]);
    const priceCursor: CursorOf = (last) => ({ ts: last.timeListed, price: String((last as unknown as { price: number }).price), cursorId: last._id });
    const low = await pages('laser', priceCursor, '&sort=low');
    expect(low.seen.flat()).toEqual(typo);
    expect(low.statements, low.texts.join('\n')).toEqual([1, 1, 1]);
  });

  it('a search without typos, and a search that finds nothing, are one statement too', async () => {
    const seller = await createUser(t.db.db);
    const boards = await bulk(seller.id, 3, (i) => ({ name: `Keychron Q${i}`, timeListed: minutesAgo(1 + i) }));
    expect(await pages('keychron', withId)).toMatchObject({ seen: [boards], statements: [1] });
    expect(await pages('lazer', withId)).toMatchObject({ seen: [[]], statements: [1] });
  });

  it('ties: a page ends after the whole group of listings sharing its last time, across the tier boundary too', async () => {
    const seller = await createUser(t.db.db);
    const at = minutesAgo(10);
    // A batch import: 34 exact and 10 typo matches stamped with one time, then older typo matches.
    const exactTied = await bulk(seller.id, 34, (i) => ({ name: `Laser deskmat ${i}`, timeListed: at }));
    const typoTied = await bulk(seller.id, 10, (i) => ({ name: `Lazer keycap set ${i}`, timeListed: at }));
    const typoOlder = await bulk(seller.id, 30, (i) => ({ name: `Lazer cable ${i}`, timeListed: minutesAgo(20 + i) }));
    const byIdDesc = (ids: string[]) => [...ids].sort().reverse();
    const { seen, statements, texts } = await pages('laser', withId);
    expect(seen.flat()).toEqual([...byIdDesc(exactTied), ...byIdDesc(typoTied), ...typoOlder]);
    // The first page: every exact match, then the typo tier grown to close its tie, up to TIE_PAGE_LIMIT_PAGES of
    // the two rows left on the page (a client sending cursorId pages on exactly through the rest).
    expect(seen.map((page) => page.length)).toEqual([34 + 2 + 6, 2 + 30]);
    // The rest of a tie is one more statement, as for any list.
    expect(statements, texts.join('\n')).toEqual([2, 1]);
  });

  it('a common word whose window falls short: the older exact matches, then the typo tier, each read after (windows of 21 listings)', async () => {
    const seller = await createUser(t.db.db);
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
    // 'laser' in a fifth of the listings (common by the statistics), none of them among the newest days' listings.
    await bulk(seller.id, 80, (i) => ({ name: `Tofu60 case ${i}`, timeListed: hoursAgo(1 + i * 3) }));
    const exact = await bulk(seller.id, 40, (i) => ({ name: `Laser deskmat ${i}`, timeListed: hoursAgo(300 + i) }));
    const typo = await bulk(seller.id, 40, (i) => ({ name: `Lazer keycap set ${i}`, timeListed: hoursAgo(400 + i) }));
    await t.db.db.execute(sql`analyze items`);
    forgetSearchWindowCaches(t.db.db);
    const o: repo.ListOptions = { scope: { kind: 'public' }, search: 'laser', sort: 'def', cursor: {}, limit: ITEM_PAGE_SIZE + 1 };
    const tiers = (await repo.searchTiers(t.db.db, o))!;
    expect((await windowOf(t.db.db, tiers.exact, 21))?.walkWindow).toBe(true);
    const seen: string[][] = [];
    let cursor: Cursor = {};
    for (let n = 0; n < 5; n++) {
      const page = await searchPage(t.db.db, { ...o, cursor }, ITEM_PAGE_SIZE, 21);
      seen.push(page.map((r) => r.id));
      if (page.length < ITEM_PAGE_SIZE) break;
      cursor = { ts: page.at(-1)!.timeListed, id: page.at(-1)!.id };
    }
    expect(seen).toEqual([exact.slice(0, 36), [...exact.slice(36), ...typo.slice(0, 32)], typo.slice(32)]);
  });
});
