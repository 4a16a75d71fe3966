import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FacetsSchema, ITEM_PAGE_SIZE, ItemListQuerySchema, specTags, type ItemSpecs } from '@keeb/shared';
import { useTestApp } from '../../test/app';
import { createItem, createUser } from '../../test/factories';
import { isHomeFirstPage, isSpecFirstPage } from './first-pages';

const t = useTestApp();
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

/** A listing with specs (and their tags, as the items service writes both). */
async function listing(sellerId: string, categoryId: string, specs: ItemSpecs, extra: Parameters<typeof createItem>[2] = {}) {
  return createItem(t.db.db, sellerId, { categoryId, specs, specTags: specTags(specs), ...extra });
}

const ids = (body: Array<{ _id: string }>) => body.map((i) => i._id).sort();

describe('GET /api/items with spec filters (issue 29)', () => {
  it('filters by every combination: a key\'s values ORed, the keys ANDed', async () => {
    const seller = await createUser(t.db.db, { username: 'spec_seller' });
    const a = await listing(seller.id, 'keyboards', { size: '65%', mounting: 'hot-swap', condition: 'used' });
    const b = await listing(seller.id, 'keyboards', { size: '65%', mounting: 'solder' });
    const c = await listing(seller.id, 'keyboards', { size: '75%', mounting: 'hot-swap', includes: ['switches', 'keycaps'] });
    const old = await listing(seller.id, 'keyboards', {});
    const caps = await listing(seller.id, 'keycaps', { profile: 'cherry', material: 'pbt', maker: 'GMK', condition: 'used' });
    // Not public: never found by a filter.
    await listing(seller.id, 'keyboards', { size: '65%', mounting: 'hot-swap' }, { approvalStatus: 'pending' });
    const client = await t.client();
    const get = async (qs: string) => {
      const res = await client.get(`/api/items?${qs}`);
      expect(res.status).toBe(200);
      return ids(res.body);
    };
    expect(await get('categoryIds=keyboards&size=65%25')).toEqual([a.id, b.id].sort());
    expect(await get('categoryIds=keyboards&size=65%25&mounting=hot-swap')).toEqual([a.id]);
    expect(await get('categoryIds=keyboards&size=65%25,75%25&mounting=hot-swap')).toEqual([a.id, c.id].sort());
    expect(await get('size=65%25,75%25')).toEqual([a.id, b.id, c.id].sort());
    expect(await get('categoryIds=keyboards&includes=keycaps')).toEqual([c.id]);
    expect(await get('condition=used')).toEqual([a.id, caps.id].sort());
    expect(await get('categoryIds=keycaps&maker=gmk')).toEqual([caps.id]);
    expect(await get('categoryIds=keyboards')).toEqual([a.id, b.id, c.id, old.id].sort());
    // The same filters through search and on a seller's profile.
    const search = await client.post('/api/searchItems').send({ categoryIds: 'keyboards', size: '65%', mounting: 'hot-swap' });
    expect(ids(search.body)).toEqual([a.id]);
    const profile = await client.get('/api/user/spec_seller/items/listed?categoryIds=keyboards&mounting=hot-swap');
    expect(ids(profile.body)).toEqual([a.id, c.id].sort());
  });

  it('refuses a bad spec parameter with 400 and the field, never a 5xx', async () => {
    const client = await t.client();
    const cases: Array<[string, string, string]> = [
      ['size=huge', 'invalid_spec', 'size'],
      ['categoryIds=keycaps&size=65%25', 'spec_not_in_category', 'size'],
      ['categoryIds=keyboards&mounting=hot-swap,glue', 'invalid_spec', 'mounting'],
      ['categoryIds=parts&lubed=maybe', 'invalid_spec', 'lubed'],
      ['categoryIds=parts&quantity=0', 'invalid_spec', 'quantity'],
    ];
    for (const [qs, message, field] of cases) {
      for (const path of ['/api/items', '/api/items/facets']) {
        const res = await client.get(`${path}?${qs}`);
        expect({ path, qs, status: res.status, body: res.body }).toEqual({ path, qs, status: 400, body: { message, field } });
      }
    }
    const repeated = await client.get('/api/items?size=65%25&size=75%25');
    expect(repeated.status).toBeLessThan(500);
  });

  it('pages a filtered list with ties by the keyset cursor: no listing skipped or repeated', async () => {
    const seller = await createUser(t.db.db);
    const expected: string[] = [];
    const same = minutesAgo(30);
    for (let i = 0; i < 100; i++) {
      // Groups of 10 share one time; every third listing does not match.
      const time = i < 60 ? new Date(same.getTime() - Math.floor(i / 10) * 1000) : minutesAgo(40 + i);
      const matches = i % 3 !== 0;
      const item = await listing(seller.id, 'keyboards', matches ? { size: i % 2 ? '65%' : '75%', mounting: 'hot-swap' } : { size: '65%', mounting: 'solder' }, { timeListed: time });
      if (matches) expected.push(item.id);
    }
    const client = await t.client();
    for (const withId of [true, false]) {
      const seen: string[] = [];
      let cursor = '';
      for (let page = 0; page < 10; page++) {
        const res = await client.get(`/api/items?categoryIds=keyboards&size=65%25,75%25&mounting=hot-swap${cursor}`);
        expect(res.status).toBe(200);
        if (res.body.length === 0) break;
        seen.push(...res.body.map((i: { _id: string }) => i._id));
        const last = res.body[res.body.length - 1];
        cursor = `&ts=${encodeURIComponent(last.timeListed)}${withId ? `&cursorId=${last._id}` : ''}`;
        if (res.body.length < ITEM_PAGE_SIZE) break;
      }
      expect(new Set(seen).size).toBe(seen.length);
      expect([...seen].sort()).toEqual([...expected].sort());
    }
  });

  it('never serves a spec-filtered first page as the home page', () => {
    const parse = (q: Record<string, string>) => ItemListQuerySchema.parse(q);
    expect(isHomeFirstPage(parse({ size: '65%' }))).toBe(false);
    expect(isHomeFirstPage(parse({ categoryIds: 'keyboards', mounting: 'hot-swap' }))).toBe(false);
    expect(isSpecFirstPage(parse({ categoryIds: 'keyboards', size: '65%', mounting: 'hot-swap' }))).toBe(true);
    expect(isSpecFirstPage(parse({ size: '65%', ts: '2026-01-01T00:00:00.000Z' }))).toBe(false);
    expect(isSpecFirstPage(parse({ size: '65%', searchText: 'olivia' }))).toBe(false);
    expect(isSpecFirstPage(parse({ categoryIds: 'keyboards' }))).toBe(false);
    expect(isSpecFirstPage(parse({}))).toBe(false);
  });
});

describe('GET /api/items/facets (issue 29)', () => {
  async function facets(qs: string, as?: string) {
    const client = as ? await t.clientAs(as) : await t.client();
    const res = await client.get(`/api/items/facets?${qs}`);
    expect(res.status).toBe(200);
    expect(FacetsSchema.safeParse(res.body).success).toBe(true);
    return res.body as Record<string, Record<string, number | string>>;
  }

  it('counts each value over the rest of the query, the key\'s own filter left out; zero values present', async () => {
    const seller = await createUser(t.db.db);
    await listing(seller.id, 'keyboards', { size: '65%', mounting: 'hot-swap', condition: 'used' });
    await listing(seller.id, 'keyboards', { size: '65%', mounting: 'solder', condition: 'used' });
    await listing(seller.id, 'keyboards', { size: '75%', mounting: 'hot-swap', includes: ['switches'] }, {}, );
    await listing(seller.id, 'keyboards', { size: 'tkl', mounting: 'hot-swap' }, { openToTrades: true });
    await listing(seller.id, 'keyboards', {});
    await listing(seller.id, 'keyboards', { size: '65%', mounting: 'hot-swap' }, { approvalStatus: 'pending' });
    await listing(seller.id, 'keycaps', { profile: 'sa', maker: 'GMK', condition: 'used' });
    await listing(seller.id, 'keycaps', { profile: 'cherry', maker: 'gmk' });
    await listing(seller.id, 'keycaps', { profile: 'cherry', maker: 'ePBT' });

    const all = await facets('categoryIds=keyboards');
    expect(Object.keys(all)).toEqual(['size', 'layout', 'mounting', 'mountStyle', 'caseMaterial', 'plateMaterial', 'connection', 'built', 'includes', 'condition']);
    expect(all.size).toEqual({ '40%': 0, '60%': 0, '65%': 2, '75%': 1, tkl: 1, '1800': 0, full: 0, 'alice/ergonomic': 0, split: 0, numpad: 0 });
    expect(all.mounting).toEqual({ 'hot-swap': 3, solder: 1 });
    expect(all.includes).toEqual({ switches: 1, keycaps: 0 });
    expect(all.condition).toEqual({ 'new-in-box': 0, 'new-open-box': 0, 'used-like-new': 0, used: 2, 'for-parts': 0 });

    // size=65%: size's own counts ignore it (multi-select), the other keys count within it.
    const some = await facets('categoryIds=keyboards&size=65%25&mounting=hot-swap');
    expect(some.size).toMatchObject({ '65%': 1, '75%': 1, tkl: 1 });
    expect(some.mounting).toEqual({ 'hot-swap': 1, solder: 1 });
    expect(some.condition).toMatchObject({ used: 1 });
    // The rest of the query: open to trades, search text.
    expect((await facets('categoryIds=keyboards&openToTrades=true')).size).toMatchObject({ tkl: 1, '65%': 0 });
    expect((await facets('categoryIds=keyboards&searchText=nosuchwordanywhere')).size).toMatchObject({ '65%': 0 });

    // Free text: the most common values, as tags write them (lower case).
    const caps = await facets('categoryIds=keycaps');
    expect(caps.maker).toEqual({ gmk: 2, epbt: 1 });
    expect(caps.profile).toMatchObject({ sa: 1, cherry: 2, oem: 0 });
    expect((await facets('categoryIds=keycaps&profile=cherry')).maker).toEqual({ gmk: 1, epbt: 1 });

    // Several categories or none: the fields they share (condition at least).
    expect(Object.keys(await facets(''))).toEqual(['condition']);
    expect(Object.keys(await facets('categoryIds=keyboards,keycaps'))).toEqual(['condition']);
    expect((await facets('')).condition).toMatchObject({ used: 3 });

    // The same answer signed in as another user and signed out.
    const other = await createUser(t.db.db);
    expect(await facets('categoryIds=keyboards&size=65%25', other.id)).toEqual(await facets('categoryIds=keyboards&size=65%25'));
  });

  it("answers '1,000+' above 1,000 matching listings", async () => {
    const seller = await createUser(t.db.db);
    await t.db.db.execute(sql`
      insert into items (seller_id, category_id, name, description, price_cents, payment_email, offers_accepted, is_fixed_price,
                         photos, thumbnail, approval_status, specs, spec_tags)
      select ${seller.id}::uuid, 'keyboards', 'Bulk TKL ' || g, 'Bulk.', 10000, 'seller@example.test', true, true,
             array['/uploads/test/a.jpg'], '/uploads/test/a-thumb.jpg', 'approved',
             jsonb_build_object('size', 'tkl', 'mounting', case when g <= 1000 then 'hot-swap' else 'solder' end),
             array['mounting:' || case when g <= 1000 then 'hot-swap' else 'solder' end, 'size:tkl']
      from generate_series(1, 1010) g`);
    const counts = await facets('categoryIds=keyboards');
    expect(counts.size).toMatchObject({ tkl: '1,000+', '65%': 0 });
    expect(counts.mounting).toEqual({ 'hot-swap': 1000, solder: 10 });
    expect((await facets('categoryIds=keyboards&mounting=solder')).size).toMatchObject({ tkl: 10 });
  });
});
