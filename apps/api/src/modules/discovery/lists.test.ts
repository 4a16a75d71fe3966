import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ITEM_PAGE_SIZE } from '@keeb/shared';
import { itemSaves, itemShipping, items } from '../../db/schema/index';
import { useTestApp, type TestClient } from '../../test/app';
import { createItem, createUser, itemValues } from '../../test/factories';
import { scrubUser } from '../accounts/repo';

const t = useTestApp();
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
type Card = { _id: string; name: string; price: number; likes: number; timeListed: string; savedAt?: string };
const ids = (body: Card[]) => body.map((i) => i._id);

/** Inserts many approved items in one statement (with US shipping) and returns their ids. */
async function bulkItems(sellerId: string, rows: Array<Partial<typeof items.$inferInsert>>) {
  const inserted = await t.db.db
    .insert(items)
    .values(rows.map((r, i) => itemValues(sellerId, { name: `Bulk board ${i}`, ...r })))
    .returning({ id: items.id });
  await t.db.db.insert(itemShipping).values(inserted.map((r) => ({ itemId: r.id, regionCode: 'US', priceCents: 0 })));
  return inserted.map((r) => r.id);
}

/** Follows the cursors the way the web client does until a short page, returning every page. */
async function allPages(client: TestClient, base: string, cursor: (last: Card) => Record<string, string | number>) {
  const pages: Card[][] = [];
  let query = '';
  for (let n = 0; n < 20; n++) {
    const res = await client.get(`${base}${base.includes('?') ? '&' : '?'}${query}`);
    expect(res.status).toBe(200);
    pages.push(res.body);
    if (res.body.length < ITEM_PAGE_SIZE) return pages;
    query = new URLSearchParams(Object.entries(cursor(res.body.at(-1))).map(([k, v]): [string, string] => [k, String(v)])).toString();
  }
  throw new Error('paging did not end');
}

describe('keyset paging under ties', () => {
  it('never skips or repeats 40 items sharing one timeListed (def and old)', async () => {
    const seller = await createUser(t.db.db);
    const same = minutesAgo(5);
    const tied = await bulkItems(seller.id, Array.from({ length: 40 }, () => ({ timeListed: same })));
    const newer = await bulkItems(seller.id, [{ timeListed: minutesAgo(1) }]);
    const older = await bulkItems(seller.id, [{ timeListed: minutesAgo(9) }]);
    const client = await t.client();
    for (const sort of ['def', 'old'] as const) {
      const pages = await allPages(client, `/api/items?sort=${sort}`, (last) => ({ ts: last.timeListed, cursorId: last._id }));
      // A page never ends inside listings sharing a time: the first takes the whole tie (1 + 40), the second the rest.
      expect(pages.map((p) => p.length)).toEqual([41, 1]);
      const all = pages.flat().map((i) => i._id);
      expect(new Set(all).size).toBe(42);
      expect(new Set(all)).toEqual(new Set([...tied, ...newer, ...older]));
      expect(all[0]).toBe(sort === 'def' ? newer[0] : older[0]);
      expect(all.at(-1)).toBe(sort === 'def' ? older[0] : newer[0]);
    }
  });

  it('never skips or repeats 40 items sharing one price (low and high)', async () => {
    const seller = await createUser(t.db.db);
    const tied = await bulkItems(seller.id, Array.from({ length: 40 }, (_, i) => ({ priceCents: 5_000, timeListed: minutesAgo(i) })));
    const cheap = await bulkItems(seller.id, [{ priceCents: 1_050 }]);
    const dear = await bulkItems(seller.id, [{ priceCents: 90_000 }]);
    const client = await t.client();
    for (const sort of ['low', 'high'] as const) {
      const pages = await allPages(client, `/api/items?sort=${sort}`, (last) => ({ price: last.price, cursorId: last._id }));
      const all = pages.flat();
      expect(all).toHaveLength(42);
      expect(new Set(all.map((i) => i._id))).toEqual(new Set([...tied, ...cheap, ...dear]));
      const prices = all.map((i) => i.price);
      expect(prices).toEqual([...prices].sort((a, b) => (sort === 'low' ? a - b : b - a)));
      expect(prices[0]).toBe(sort === 'low' ? 10.5 : 900);
    }
  });

  it('sort=rate is most saved first and pages by likes, timeListed and id', async () => {
    const seller = await createUser(t.db.db);
    const same = minutesAgo(3);
    const tied = await bulkItems(seller.id, Array.from({ length: 40 }, () => ({ saveCount: 2, timeListed: same })));
    const top = await bulkItems(seller.id, [{ saveCount: 9 }]);
    const none = await bulkItems(seller.id, [{ saveCount: 0 }]);
    const client = await t.client();
    const pages = await allPages(client, '/api/items?sort=rate', (last) => ({ likes: last.likes, ts: last.timeListed, cursorId: last._id }));
    const all = pages.flat();
    expect(new Set(all.map((i) => i._id))).toEqual(new Set([...tied, ...top, ...none]));
    expect(all).toHaveLength(42);
    expect(all[0]?._id).toBe(top[0]);
    expect(all.at(-1)?._id).toBe(none[0]);
  });

  it('a ts cursor without cursorId still pages strictly (older clients)', async () => {
    const seller = await createUser(t.db.db);
    await bulkItems(seller.id, Array.from({ length: 38 }, (_, i) => ({ timeListed: minutesAgo(i + 1) })));
    const client = await t.client();
    const first = await client.get('/api/items');
    const second = await client.get(`/api/items?ts=${encodeURIComponent(first.body.at(-1).timeListed)}`);
    expect(second.body).toHaveLength(2);
    expect(new Set([...ids(first.body), ...ids(second.body)]).size).toBe(38);
  });

  it('refuses malformed cursors and sorts', async () => {
    const client = await t.client();
    expect((await client.get('/api/items?cursorId=nope')).body).toMatchObject({ message: 'invalid_cursor' });
    expect((await client.get('/api/items?sort=cheap')).status).toBe(400);
    expect((await client.get('/api/items?ts=yesterday')).status).toBe(400);
  });
});

describe('filters', () => {
  it('filters by several categories, by regions shipped to (any of them) and by sale type', async () => {
    const seller = await createUser(t.db.db);
    const board = await createItem(t.db.db, seller.id, { categoryId: 'keyboards', timeListed: minutesAgo(1) }, [{ regionCode: 'US', priceCents: 0 }]);
    const caps = await createItem(t.db.db, seller.id, { categoryId: 'keycaps', timeListed: minutesAgo(2) }, [
      { regionCode: 'EU', priceCents: 0 },
      { regionCode: 'UK', priceCents: 0 },
    ]);
    const part = await createItem(t.db.db, seller.id, { categoryId: 'parts', saleTypeId: 'vendor', timeListed: minutesAgo(3) }, [{ regionCode: 'AU', priceCents: 0 }]);
    const client = await t.client();
    expect(ids((await client.get('/api/items?categoryIds=keycaps,parts')).body)).toEqual([caps.id, part.id]);
    expect(ids((await client.get('/api/items?regions=UK,AU')).body)).toEqual([caps.id, part.id]);
    expect(ids((await client.get('/api/items?regions=US')).body)).toEqual([board.id]);
    expect(ids((await client.get('/api/items?categoryIds=keyboards,keycaps&regions=EU')).body)).toEqual([caps.id]);
    expect(ids((await client.get('/api/items?saleType=vendor')).body)).toEqual([part.id]);
    expect(ids((await client.get('/api/items?saleType=individual')).body)).toEqual([board.id, caps.id]);
  });

  it('keeps the regions a listing ships to in step with its shipping rows (the Ships To filter reads them)', async () => {
    const seller = await createUser(t.db.db);
    const board = await createItem(t.db.db, seller.id, {}, [
      { regionCode: 'US', priceCents: 0 },
      { regionCode: 'CA', priceCents: 900 },
    ]);
    const regionsOf = async () => (await t.db.db.select({ r: items.shipRegions }).from(items).where(eq(items.id, board.id)))[0]!.r;
    const client = await t.client();
    expect(await regionsOf()).toEqual(['CA', 'US']);

    await t.db.db.insert(itemShipping).values({ itemId: board.id, regionCode: 'EU', priceCents: 1500 });
    expect(await regionsOf()).toEqual(['CA', 'EU', 'US']);
    expect(ids((await client.get('/api/items?regions=EU')).body)).toEqual([board.id]);

    await t.db.db.update(itemShipping).set({ regionCode: 'UK' }).where(eq(itemShipping.regionCode, 'EU'));
    expect(await regionsOf()).toEqual(['CA', 'UK', 'US']);
    expect(ids((await client.get('/api/items?regions=EU')).body)).toEqual([]);

    await t.db.db.delete(itemShipping).where(eq(itemShipping.itemId, board.id));
    expect(await regionsOf()).toEqual([]);
    expect(ids((await client.get('/api/items?regions=US,CA,UK')).body)).toEqual([]);
  });

  it('shows only approved, unsold, present items of present sellers', async () => {
    const seller = await createUser(t.db.db);
    const buyer = await createUser(t.db.db);
    const ok = await createItem(t.db.db, seller.id);
    await createItem(t.db.db, seller.id, { approvalStatus: 'pending', name: 'Pending olivia' });
    await createItem(t.db.db, seller.id, { approvalStatus: 'rejected', name: 'Rejected olivia' });
    await createItem(t.db.db, seller.id, { purchaserId: buyer.id, priceSoldCents: 1000, name: 'Sold olivia' });
    await createItem(t.db.db, seller.id, { removedAt: new Date(), name: 'Removed olivia' });
    const client = await t.client();
    for (const sort of ['def', 'old', 'low', 'high', 'rate']) expect(ids((await client.get(`/api/items?sort=${sort}`)).body)).toEqual([ok.id]);
    expect((await client.get('/api/items?searchText=olivia')).body).toEqual([]);
  });
});

describe('search', () => {
  async function catalogue() {
    const seller = await createUser(t.db.db);
    const make = (name: string, description: string, m: number, categoryId = 'keycaps', priceCents = 10_000) =>
      createItem(t.db.db, seller.id, { name, description, categoryId, priceCents, timeListed: minutesAgo(m) });
    return {
      olivia: await make('GMK Olivia++ keycap set', 'Base kit, sealed.', 1, 'keycaps', 20_000),
      tofu: await make('Tofu 65% aluminium case', 'Hot-swap PCB included, lubed stabs.', 2, 'keyboards', 15_000),
      tkl: await make('Keychron TKL board', 'Tenkeyless with brown switches.', 3, 'keyboards', 9_000),
      desk: await make('Deskmat blue', 'Matches GMK Olivia nicely.', 4, 'accessories', 3_000),
      plain: await make('Coiled cable', 'USB-C aviator.', 5, 'accessories', 4_000),
    };
  }
  const search = async (text: string, extra = '') =>
    ids((await (await t.client()).get(`/api/items?searchText=${encodeURIComponent(text)}${extra}`)).body);

  it('finds by word in name and description, name matches and all', async () => {
    const c = await catalogue();
    expect(await search('olivia')).toEqual([c.olivia.id, c.desk.id]);
    expect(await search('gmk olivia')).toEqual([c.olivia.id, c.desk.id]);
    expect(await search('lubed')).toEqual([c.tofu.id]);
    expect(await search('cable')).toEqual([c.plain.id]);
  });

  it('finds by prefix and by typo', async () => {
    const c = await catalogue();
    expect(await search('oliv')).toEqual([c.olivia.id]);
    // Issue 36: a corrected typo finds what the word finds: 'olivia' lists the deskmat too, by its description.
    expect(await search('olivai')).toEqual(await search('olivia'));
    expect(await search('olivai')).toEqual([c.olivia.id, c.desk.id]);
    expect(await search('OLIVIA')).toContain(c.olivia.id);
    expect(await search('zzzqqq')).toEqual([]);
  });

  it("finds keyboard vocabulary: '65%', 'TKL', 'hot-swap', 'GMK'", async () => {
    const c = await catalogue();
    expect(await search('65%')).toEqual([c.tofu.id]);
    expect(await search('TKL')).toEqual([c.tkl.id]);
    expect(await search('tkl')).toEqual([c.tkl.id]);
    expect(await search('hot-swap')).toEqual([c.tofu.id]);
    expect(await search('GMK')).toEqual([c.olivia.id, c.desk.id]);
  });

  it('searches within a category and in the chosen sort, and POST /api/searchItems answers the same', async () => {
    const c = await catalogue();
    expect(await search('olivia', '&categoryIds=accessories')).toEqual([c.desk.id]);
    expect(await search('olivia', '&sort=low')).toEqual([c.desk.id, c.olivia.id]);
    expect(await search('olivia', '&sort=old')).toEqual([c.desk.id, c.olivia.id]);
    const client = await t.client();
    const viaGet = (await client.get('/api/items?searchText=olivia')).body;
    const viaPost = await client.post('/api/searchItems?searchText=olivia');
    expect(viaPost.status).toBe(200);
    expect(viaPost.body).toEqual(viaGet);
    const next = await client.post(`/api/searchItems?searchText=olivia&ts=${encodeURIComponent(viaGet[0].timeListed)}&cursorId=${viaGet[0]._id}`);
    expect(ids(next.body)).toEqual([c.desk.id]);
  });

  it('POST /api/searchItems reads a JSON body, and refuses malformed JSON with invalid_json', async () => {
    const c = await catalogue();
    const client = await t.client();
    const viaBody = await client.post('/api/searchItems', { searchText: 'olivia', categoryIds: 'accessories' });
    expect(viaBody.status).toBe(200);
    expect(ids(viaBody.body)).toEqual([c.desk.id]);
    const malformed = await client.post('/api/searchItems').set('Content-Type', 'application/json').send('{"searchText": ');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ message: 'invalid_json' });
  });

  it('matches typos and partial words of every word, in names only, and follows a renamed listing', async () => {
    const c = await catalogue();
    expect(await search('keychorn tkl')).toEqual([c.tkl.id]);
    expect(await search('tofu alumin')).toEqual([c.tofu.id]);
    expect(await search('tofu olivia')).toEqual([]);
    // 'aviator' is only in a description: a typo of it is not a name match.
    expect(await search('aviatr')).toEqual([]);
    await t.db.db.update(items).set({ name: 'Mode Sonnet barebones' }).where(eq(items.id, c.plain.id));
    expect(await search('sonet')).toEqual([c.plain.id]);
  });

  it('a repeated search still finds listings added since (only the expansion of the text is reused)', async () => {
    const seller = await createUser(t.db.db);
    const [first] = await bulkItems(seller.id, [{ name: 'GMK Olivia base', timeListed: minutesAgo(3) }]);
    expect(await search('olivai')).toEqual([first]);
    const [second] = await bulkItems(seller.id, [{ name: 'GMK Olivia novelties', timeListed: minutesAgo(1) }]);
    expect(await search('olivai')).toEqual([second, first]);
  });

  it('pages search results by cursor without skips or repeats', async () => {
    const seller = await createUser(t.db.db);
    const same = minutesAgo(2);
    const tied = await bulkItems(seller.id, Array.from({ length: 40 }, (_, i) => ({ name: `GMK Olivia set ${i}`, timeListed: same })));
    await bulkItems(seller.id, Array.from({ length: 5 }, () => ({ name: 'Plain switch tester' })));
    const pages = await allPages(await t.client(), '/api/items?searchText=olivia', (last) => ({ ts: last.timeListed, cursorId: last._id }));
    expect(new Set(pages.flat().map((i) => i._id))).toEqual(new Set(tied));
    expect(pages.flat()).toHaveLength(40);
  });
});

describe('user and me lists', () => {
  it("GET /api/user/{username}/items/listed: the seller's public listings, by username; unknown is 404", async () => {
    const seller = await createUser(t.db.db, { username: 'Seller_Prof' });
    const other = await createUser(t.db.db);
    const buyer = await createUser(t.db.db);
    const a = await createItem(t.db.db, seller.id, { timeListed: minutesAgo(1) });
    const b = await createItem(t.db.db, seller.id, { timeListed: minutesAgo(2) });
    await createItem(t.db.db, seller.id, { approvalStatus: 'pending' });
    await createItem(t.db.db, seller.id, { purchaserId: buyer.id });
    await createItem(t.db.db, other.id);
    const client = await t.client();
    expect(ids((await client.get('/api/user/seller_prof/items/listed')).body)).toEqual([a.id, b.id]);
    expect(ids((await client.get(`/api/user/Seller_Prof/items/listed?ts=${encodeURIComponent(a.timeListed.toISOString())}&cursorId=${a.id}`)).body)).toEqual([b.id]);
    // Past the last page a known seller answers an empty page, an unknown or removed one 404.
    const end = await client.get(`/api/user/seller_prof/items/listed?ts=${encodeURIComponent(b.timeListed.toISOString())}&cursorId=${b.id}`);
    expect([end.status, end.body]).toEqual([200, []]);
    const missing = await client.get('/api/user/nobody_here/items/listed');
    expect(missing.status).toBe(404);
    // Request text reaches the query as data on both drivers (PGlite writes it into EXECUTE as a quoted literal).
    for (const name of ["o'brien", 'back\\slash', "x'); drop table items; --"]) {
      expect((await client.get(`/api/user/${encodeURIComponent(name)}/items/listed`)).status).toBe(404);
    }
    expect(ids((await client.get('/api/user/seller_prof/items/listed')).body)).toEqual([a.id, b.id]);
    await scrubUser(t.db.db, other.id);
    expect((await client.get(`/api/user/${other.username}/items/listed`)).status).toBe(404);
  });

  it('GET /api/me/items/listed|sold|purchased|saved', async () => {
    const me = await createUser(t.db.db);
    const other = await createUser(t.db.db);
    const live = await createItem(t.db.db, me.id, { timeListed: minutesAgo(1) });
    const pending = await createItem(t.db.db, me.id, { approvalStatus: 'pending', timeListed: minutesAgo(2) });
    const sold = await createItem(t.db.db, me.id, { purchaserId: other.id, priceSoldCents: 5000, timeListed: minutesAgo(3) });
    await createItem(t.db.db, me.id, { removedAt: new Date() });
    const bought = await createItem(t.db.db, other.id, { purchaserId: me.id, timeListed: minutesAgo(4) });
    const boughtRemoved = await createItem(t.db.db, other.id, { purchaserId: me.id, removedAt: new Date(), timeListed: minutesAgo(5) });
    const savedFirst = await createItem(t.db.db, other.id, { timeListed: minutesAgo(6) });
    const savedLater = await createItem(t.db.db, other.id, { timeListed: minutesAgo(7) });
    await t.db.db.insert(itemSaves).values([
      { userId: me.id, itemId: savedFirst.id, createdAt: minutesAgo(3) },
      { userId: me.id, itemId: savedLater.id, createdAt: minutesAgo(1) },
    ]);
    const client = await t.clientAs(me.id);
    expect(ids((await client.get('/api/me/items/listed')).body)).toEqual([live.id, pending.id, sold.id]);
    expect(ids((await client.get('/api/me/items/sold')).body)).toEqual([sold.id]);
    expect(ids((await client.get('/api/me/items/purchased')).body)).toEqual([bought.id, boughtRemoved.id]);
    const saved = (await client.get('/api/me/items/saved')).body as Card[];
    expect(ids(saved)).toEqual([savedLater.id, savedFirst.id]);
    // A saved card carries no order (only the Sold and Purchased tabs do): the save's time is not read as one.
    for (const card of saved) expect(card).not.toHaveProperty('order');
    const next = await client.get(`/api/me/items/saved?ts=${encodeURIComponent(saved[0]!.savedAt!)}&cursorId=${saved[0]!._id}`);
    expect(ids(next.body)).toEqual([savedFirst.id]);
    const anon = await t.client();
    for (const kind of ['listed', 'sold', 'purchased', 'saved']) expect((await anon.get(`/api/me/items/${kind}`)).status).toBe(401);
  });
});

describe('approval state on the owner\'s Listed tab', () => {
  it('GET /api/me/items/listed tells each card its approval state; public lists carry none', async () => {
    const me = await createUser(t.db.db, { username: 'approval_owner' });
    const live = await createItem(t.db.db, me.id, { timeListed: minutesAgo(1) });
    const pending = await createItem(t.db.db, me.id, { approvalStatus: 'pending', timeListed: minutesAgo(2) });
    const rejected = await createItem(t.db.db, me.id, { approvalStatus: 'rejected', timeListed: minutesAgo(3) });
    const states = (body: Array<Card & { approvalStatus?: string }>) => body.map((c) => [c._id, c.approvalStatus]);
    const owner = await t.clientAs(me.id);
    expect(states((await owner.get('/api/me/items/listed')).body)).toEqual([
      [live.id, 'approved'],
      [pending.id, 'pending'],
      [rejected.id, 'rejected'],
    ]);
    const anon = await t.client();
    expect(states((await anon.get('/api/items')).body)).toEqual([[live.id, undefined]]);
    expect(states((await anon.get('/api/user/approval_owner/items/listed')).body)).toEqual([[live.id, undefined]]);
  });
});

describe("the viewer's hearts (isFollowing on cards)", () => {
  it('marks the items the signed-in viewer saved, on every list; logged out the field is absent', async () => {
    const seller = await createUser(t.db.db, { username: 'heart_seller' });
    const viewer = await createUser(t.db.db);
    const other = await createUser(t.db.db);
    const liked = await createItem(t.db.db, seller.id, { timeListed: minutesAgo(1) });
    const notLiked = await createItem(t.db.db, seller.id, { timeListed: minutesAgo(2) });
    await t.db.db.insert(itemSaves).values([{ userId: viewer.id, itemId: liked.id }]);
    type Heart = Card & { isFollowing?: boolean };
    const hearts = (body: Heart[]) => Object.fromEntries(body.map((i) => [i._id, i.isFollowing]));

    const asViewer = await t.clientAs(viewer.id);
    for (const path of ['/api/items', '/api/user/heart_seller/items/listed']) {
      expect(hearts((await asViewer.get(path)).body)).toEqual({ [liked.id]: true, [notLiked.id]: false });
    }
    expect(hearts((await asViewer.get('/api/me/items/saved')).body)).toEqual({ [liked.id]: true });

    // Another user's saves are not the viewer's.
    const asOther = await t.clientAs(other.id);
    expect(hearts((await asOther.get('/api/items')).body)).toEqual({ [liked.id]: false, [notLiked.id]: false });

    const anon = await t.client();
    for (const card of (await anon.get('/api/items')).body as Heart[]) expect(card).not.toHaveProperty('isFollowing');
  });
});

describe('prepared list queries', () => {
  it('bind each call its own values when one query shape is reused', async () => {
    const first = await createUser(t.db.db, { username: 'shape_one' });
    const second = await createUser(t.db.db, { username: 'shape_two' });
    const a = await createItem(t.db.db, first.id, { categoryId: 'keycaps' });
    const b = await createItem(t.db.db, second.id, { categoryId: 'parts' });
    const client = await t.client();
    for (let round = 0; round < 3; round++) {
      expect(ids((await client.get('/api/user/shape_one/items/listed')).body)).toEqual([a.id]);
      expect(ids((await client.get('/api/user/shape_two/items/listed')).body)).toEqual([b.id]);
      expect(ids((await client.get('/api/items?categoryIds=keycaps')).body)).toEqual([a.id]);
      expect(ids((await client.get('/api/items?categoryIds=parts')).body)).toEqual([b.id]);
    }
  });
});

describe('filter lists', () => {
  it('ignore repeated ids and refuse a flood of ids (issue 36: 400 naming the field)', async () => {
    const seller = await createUser(t.db.db);
    const caps = await createItem(t.db.db, seller.id, { categoryId: 'keycaps' });
    await createItem(t.db.db, seller.id, { categoryId: 'parts' });
    const client = await t.client();
    expect(ids((await client.get('/api/items?categoryIds=keycaps,keycaps,%20keycaps')).body)).toEqual([caps.id]);
    const flood = ['keycaps', ...Array.from({ length: 500 }, (_, i) => `nope${i}`)].join(',');
    const res = await client.get(`/api/items?categoryIds=${flood}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'too_many_values', field: 'categoryIds' });
  });
});
