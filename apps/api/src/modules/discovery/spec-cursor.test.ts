import { describe, expect, it } from 'vitest';
import { ITEM_PAGE_SIZE } from '@keeb/shared';
import { itemSaves, itemShipping, items } from '../../db/schema/index';
import { useTestApp, type TestClient } from '../../test/app';
import { createUser, itemValues } from '../../test/factories';
import { TIE_PAGE_LIMIT_PAGES } from './list-cursor';

/**
 * Spec 2.3: "The cursor is the last item's timeListed (and price for price sorts)". A client that sends exactly
 * that, and no cursorId, must still see every listing once, however many share a time or a price and a time.
 */
const t = useTestApp({ LOG_LEVEL: 'error' });
type Card = { _id: string; price: number; timeListed: string; savedAt?: string };
type CursorOf = (last: Card) => Record<string, string | number>;

const TIMES = [3, 7, 11, 19, 23].map((m) => new Date(Date.UTC(2026, 0, 10, 12, m, 0, 0)));
const PRICES = [2_500, 2_500_00, 5_000, 12_999];

/**
 * 130 approved listings in tie groups: every listing shares its time with 25 others and its price and time with
 * about 6, so page ends (every 36th listing) fall inside groups in every sort.
 */
async function tiedListings(sellerId: string, n = 130, extra: Partial<typeof items.$inferInsert> = {}) {
  const rows = await t.db.db
    .insert(items)
    .values(
      Array.from({ length: n }, (_, i) =>
        itemValues(sellerId, { name: `Tied board ${i}`, timeListed: TIMES[i % TIMES.length]!, priceCents: PRICES[Math.floor(i / 5) % PRICES.length]!, ...extra }),
      ),
    )
    .returning({ id: items.id });
  await t.db.db.insert(itemShipping).values(rows.map((r) => ({ itemId: r.id, regionCode: 'US', priceCents: 0 })));
  return rows.map((r) => r.id);
}

/** Follows the cursor until a page shorter than a full one, as a client reading spec 2.3 does. */
async function pageThrough(client: TestClient, path: string, cursor: CursorOf): Promise<Card[]> {
  const seen: Card[] = [];
  let query: Record<string, string | number> = {};
  for (let n = 0; n < 40; n++) {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
    const res = await client.get(`${path}${qs ? `${path.includes('?') ? '&' : '?'}${qs}` : ''}`);
    expect(res.status).toBe(200);
    const page = res.body as Card[];
    seen.push(...page);
    if (page.length < ITEM_PAGE_SIZE) return seen;
    query = cursor(page.at(-1)!);
  }
  throw new Error('paging did not end');
}

const specCursor: CursorOf = (last) => ({ ts: last.timeListed, price: last.price });
const tsOnly: CursorOf = (last) => ({ ts: last.timeListed });

function expectEachOnce(seen: Card[], expected: string[]) {
  const ids = seen.map((c) => c._id);
  expect(ids.length - new Set(ids).size, 'repeated listings').toBe(0);
  expect(expected.filter((id) => !ids.includes(id)), 'skipped listings').toEqual([]);
  expect(ids).toHaveLength(expected.length);
}

const byTime = (sort: 'def' | 'old') => (a: Card, b: Card) => (sort === 'def' ? -1 : 1) * (Date.parse(a.timeListed) - Date.parse(b.timeListed));

describe('paging with the cursor the spec gives (no cursorId)', () => {
  it('price sorts with the last timeListed and price: every listing once, cheapest or dearest first', async () => {
    const seller = await createUser(t.db.db);
    const listed = await tiedListings(seller.id);
    const client = await t.client();
    for (const sort of ['low', 'high'] as const) {
      const seen = await pageThrough(client, `/api/items?sort=${sort}`, specCursor);
      expectEachOnce(seen, listed);
      const prices = seen.map((c) => c.price);
      expect(prices).toEqual([...prices].sort((a, b) => (sort === 'low' ? a - b : b - a)));
    }
  });

  it('def and old with the last timeListed: every listing once, in time order', async () => {
    const seller = await createUser(t.db.db);
    const listed = await tiedListings(seller.id);
    const client = await t.client();
    for (const sort of ['def', 'old'] as const) {
      const seen = await pageThrough(client, `/api/items?sort=${sort}`, tsOnly);
      expectEachOnce(seen, listed);
      expect(seen).toEqual([...seen].sort(byTime(sort)));
    }
  });

  it('the spec cursor with price on the default sort, and ts alone with filters and search', async () => {
    const seller = await createUser(t.db.db);
    const listed = await tiedListings(seller.id, 130, { categoryId: 'keycaps', name: 'GMK Olivia keycaps' });
    const client = await t.client();
    expectEachOnce(await pageThrough(client, '/api/items', specCursor), listed);
    expectEachOnce(await pageThrough(client, '/api/items?categoryIds=keycaps&regions=US', tsOnly), listed);
    expectEachOnce(await pageThrough(client, '/api/items?searchText=olivia', tsOnly), listed);
    expectEachOnce(await pageThrough(client, '/api/items?searchText=olivia&sort=low', specCursor), listed);
  });

  it("a seller's profile and the /me lists with ?ts", async () => {
    const seller = await createUser(t.db.db);
    const listed = await tiedListings(seller.id);
    expectEachOnce(await pageThrough(await t.client(), `/api/user/${seller.username}/items/listed`, tsOnly), listed);
    expectEachOnce(await pageThrough(await t.clientAs(seller.id), '/api/me/items/listed', tsOnly), listed);
  });

  it('the Saved tab with the last savedAt as ts', async () => {
    const seller = await createUser(t.db.db);
    const saver = await createUser(t.db.db);
    const listed = await tiedListings(seller.id);
    await t.db.db.insert(itemSaves).values(listed.map((itemId, i) => ({ userId: saver.id, itemId, createdAt: TIMES[i % 3]! })));
    const seen = await pageThrough(await t.clientAs(saver.id), '/api/me/items/saved', (last) => ({ ts: last.savedAt! }));
    expectEachOnce(seen, listed);
  });
});

describe('the cursors clients send besides the spec one', () => {
  it('ts + price + cursorId (the web client) and price + cursorId (earlier web clients) page every listing once', async () => {
    const seller = await createUser(t.db.db);
    const listed = await tiedListings(seller.id);
    const client = await t.client();
    for (const sort of ['low', 'high'] as const) {
      expectEachOnce(await pageThrough(client, `/api/items?sort=${sort}`, (last) => ({ ts: last.timeListed, price: last.price, cursorId: last._id })), listed);
      expectEachOnce(await pageThrough(client, `/api/items?sort=${sort}`, (last) => ({ price: last.price, cursorId: last._id })), listed);
    }
    for (const sort of ['def', 'old'] as const) {
      expectEachOnce(await pageThrough(client, `/api/items?sort=${sort}`, (last) => ({ ts: last.timeListed, cursorId: last._id })), listed);
    }
  });
});

describe('a tie group longer than a page can grow', () => {
  const cap = ITEM_PAGE_SIZE * TIE_PAGE_LIMIT_PAGES;

  it('ends the page at the bound, and ts + cursorId pages through the group exactly', async () => {
    const seller = await createUser(t.db.db);
    const at = new Date(Date.UTC(2026, 0, 10, 12, 0, 0, 0));
    // One batch import: every listing with the same time and price, more of them than a page may grow to.
    const listed = await tiedListings(seller.id, cap + 50, { timeListed: at, priceCents: 2_500 });
    const client = await t.client();
    const first = await client.get('/api/items');
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(cap);
    for (const sort of ['def', 'old'] as const) {
      expectEachOnce(await pageThrough(client, `/api/items?sort=${sort}`, (last) => ({ ts: last.timeListed, cursorId: last._id })), listed);
    }
    for (const sort of ['low', 'high'] as const) {
      expectEachOnce(await pageThrough(client, `/api/items?sort=${sort}`, (last) => ({ ts: last.timeListed, price: last.price, cursorId: last._id })), listed);
    }
  });

  it('the Saved tab likewise', async () => {
    const seller = await createUser(t.db.db);
    const saver = await createUser(t.db.db);
    const listed = await tiedListings(seller.id, cap + 50);
    await t.db.db.insert(itemSaves).values(listed.map((itemId) => ({ userId: saver.id, itemId, createdAt: TIMES[0]! })));
    const client = await t.clientAs(saver.id);
    const first = await client.get('/api/me/items/saved');
    expect(first.body).toHaveLength(cap);
    expectEachOnce(await pageThrough(client, '/api/me/items/saved', (last) => ({ ts: last.savedAt!, cursorId: last._id })), listed);
  });
});
