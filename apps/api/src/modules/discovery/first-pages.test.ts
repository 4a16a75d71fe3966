import { describe, expect, it } from 'vitest';
import { ItemListQuerySchema } from '@keeb/shared';
import { useTestApp } from '../../test/app';
import { createItem, createUser } from '../../test/factories';
import { createFirstPageCache, isHomeFirstPage } from './first-pages';
import type { KeptAnswer } from './kept-answer';

describe('createFirstPageCache', () => {
  const page = (n: number) => () => Promise.resolve([{ n }]);
  const text = async (body: Promise<KeptAnswer>) => (await body).json.toString();

  it('keeps a first page for ttlMs, then reads it again', async () => {
    let time = 0;
    const cache = createFirstPageCache(1000, () => time);
    expect(await text(cache.answer({}, page(1)))).toBe('[{"n":1}]');
    time = 999;
    expect(await text(cache.answer({}, page(2)))).toBe('[{"n":1}]');
    time = 1000;
    expect(await text(cache.answer({}, page(3)))).toBe('[{"n":3}]');
  });

  it('keeps the home feed in any sort, and no search, filter or cursor page', () => {
    expect([{}, { sort: 'low' as const }, { searchText: '' }].map(isHomeFirstPage)).toEqual([true, true, true]);
    expect([{ searchText: 'gmk' }, { categoryIds: 'keycaps' }, { regions: 'EU' }, { saleType: 'vendor' }, { ts: '2026-01-01T00:00:00Z' }, { price: 1 }].map(isHomeFirstPage)).toEqual([
      false, false, false, false, false, false,
    ]);
  });

  it('caches the home page asked with openToTrades=false (read as no filter), never the trades feed (issue 28)', () => {
    expect(isHomeFirstPage(ItemListQuerySchema.parse({ openToTrades: 'false' }))).toBe(true);
    expect(isHomeFirstPage(ItemListQuerySchema.parse({ openToTrades: 'true' }))).toBe(false);
  });

  it('keeps each query apart, reads a burst of misses once, and keeps no failure', async () => {
    const cache = createFirstPageCache(1000, () => 0);
    let reads = 0;
    const slow = () => new Promise<unknown>((resolve) => setTimeout(() => resolve([++reads]), 10));
    const burst = await Promise.all([cache.answer({ sort: 'low' }, slow), cache.answer({ sort: 'low' }, slow), cache.answer({ sort: 'high' }, slow)]);
    expect(burst.map((answer) => answer.json.toString())).toEqual(['[1]', '[1]', '[2]']);
    await expect(cache.answer({ searchText: 'x' }, () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await text(cache.answer({ searchText: 'x' }, page(4)))).toBe('[{"n":4}]');
  });

  it('holds at most 200 queries, dropping the oldest', async () => {
    const cache = createFirstPageCache(1000, () => 0);
    for (let i = 0; i <= 200; i++) await cache.answer({ searchText: `q${i}` }, page(i));
    expect(await text(cache.answer({ searchText: 'q0' }, page(-1)))).toBe('[{"n":-1}]');
    expect(await text(cache.answer({ searchText: 'q200' }, page(-1)))).toBe('[{"n":200}]');
  });
});

describe('GET /api/items with the first-page cache on', () => {
  const t = useTestApp({ FIRST_PAGE_CACHE_MS: '60000' });

  it('answers the signed-out home feed from memory, but never signed-in pages or a cursor page', async () => {
    const seller = await createUser(t.db.db);
    const first = await createItem(t.db.db, seller.id, { timeListed: new Date(Date.now() - 60_000) });
    const visitor = await t.client();
    const ids = (res: { body: Array<{ _id: string }> }) => res.body.map((i) => i._id);
    const before = await visitor.get('/api/items');
    expect([before.status, before.headers['content-type'], ids(before)]).toEqual([200, 'application/json; charset=utf-8', [first.id]]);

    // A listing appears (as an approval would make it): a signed-out visitor may see the kept page for up to the TTL...
    const second = await createItem(t.db.db, seller.id);
    expect(ids(await (await t.client()).get('/api/items'))).toEqual([first.id]);
    // ...but whoever is signed in reads it fresh, with their own hearts.
    const member = await t.clientAs((await createUser(t.db.db)).id);
    const mine = await member.get('/api/items');
    expect(ids(mine)).toEqual([second.id, first.id]);
    expect(mine.body[0].isFollowing).toBe(false);
    // The next page after a cursor is read fresh too, and so is a query the cache has not seen, and a filtered page.
    const next = await visitor.get(`/api/items?ts=${encodeURIComponent(new Date().toISOString())}`);
    expect(ids(next)).toEqual([second.id, first.id]);
    expect(ids(await visitor.get('/api/items?sort=old'))).toEqual([first.id, second.id]);
    expect(ids(await visitor.get('/api/items?categoryIds=keyboards'))).toEqual([second.id, first.id]);
  });
});
