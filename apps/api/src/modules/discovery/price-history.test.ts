import { describe, expect, it } from 'vitest';
import { PRICE_HISTORY_RECENT } from '@keeb/shared';
import { useTestApp } from '../../test/app';
import { createItem, createUser } from '../../test/factories';

const t = useTestApp();
const DAY = 86_400_000;
const daysAgo = (d: number) => new Date(Date.now() - d * DAY);

async function people() {
  return { seller: await createUser(t.db.db), buyer: await createUser(t.db.db, { username: `buyer_${Date.now().toString(36)}` }) };
}
type People = Awaited<ReturnType<typeof people>>;

/** A listing sold to the buyer `days` ago for `dollars` (without shipping). */
function sale(p: People, name: string, dollars: number, days: number, overrides: Parameters<typeof createItem>[2] = {}, shipping?: Parameters<typeof createItem>[3]) {
  return createItem(t.db.db, p.seller.id, { name, purchaserId: p.buyer.id, priceSoldCents: Math.round(dollars * 100), soldAt: daysAgo(days), ...overrides }, shipping);
}

async function history(query: string) {
  const res = await (await t.client()).get(`/api/items/price-history?${query}`);
  expect(res.status).toBe(200);
  return res.body;
}

describe('GET /api/items/price-history', () => {
  it('with 2 matching sales tells the count only; with 3 the median, min, max and the sales newest first', async () => {
    const p = await people();
    await sale(p, 'GMK Olivia base kit', 200, 10);
    await sale(p, 'GMK Olivia++ novelties', 250.5, 5);
    expect(await history('searchText=olivia')).toEqual({ count: 2, median: null, min: null, max: null, recent: [] });

    const newest = await sale(p, 'GMK Olivia dark', 180, 1);
    const body = await history('searchText=olivia');
    expect(body).toEqual({
      count: 3,
      median: 200,
      min: 180,
      max: 250.5,
      recent: [
        { price: 180, soldAt: newest.soldAt!.toISOString(), thumbnail: newest.thumbnail, name: 'GMK Olivia dark' },
        { price: 250.5, soldAt: expect.any(String), thumbnail: expect.any(String), name: 'GMK Olivia++ novelties' },
        { price: 200, soldAt: expect.any(String), thumbnail: expect.any(String), name: 'GMK Olivia base kit' },
      ],
    });
    // Nobody's name or id: the sales are prices, not people.
    for (const who of [p.buyer, p.seller]) {
      expect(JSON.stringify(body)).not.toContain(who.id);
      expect(JSON.stringify(body)).not.toContain(who.username);
    }
    // Signed in, the same answer.
    expect((await (await t.clientAs(p.buyer.id)).get('/api/items/price-history?searchText=olivia')).body).toEqual(body);
  });

  it('the median of an even count is the mean of the middle two, to the cent; recent lists the last 10', async () => {
    const p = await people();
    const prices = [100, 150.01, 150.02, 300];
    for (const [i, price] of prices.entries()) await sale(p, `Holy Panda switches lot ${i}`, price, i + 1);
    expect(await history('searchText=panda')).toMatchObject({ count: 4, median: 150.02, min: 100, max: 300 });
    for (let i = 0; i < 9; i++) await sale(p, `Holy Panda switches batch ${i}`, 50 + i, 20 + i);
    const body = await history('searchText=panda');
    expect(body.count).toBe(13);
    expect(body.recent).toHaveLength(PRICE_HISTORY_RECENT);
    expect(body.recent.map((r: { price: number }) => r.price).slice(0, 5)).toEqual([100, 150.01, 150.02, 300, 50]);
  });

  it('counts sales of the last 12 months only, never unsold listings, and keeps a sale its seller removed later', async () => {
    const p = await people();
    await sale(p, 'Tofu65 kit', 100, 30);
    await sale(p, 'Tofu65 kit', 120, 200);
    await sale(p, 'Tofu65 kit', 140, 400);
    await sale(p, 'Tofu65 kit', 999, 2, { removedAt: new Date() });
    await createItem(t.db.db, p.seller.id, { name: 'Tofu65 kit', priceCents: 5_000 });
    await createItem(t.db.db, p.seller.id, { name: 'Tofu65 kit pending', approvalStatus: 'pending' });
    expect(await history('searchText=tofu65')).toMatchObject({ count: 3, min: 100, max: 999 });
  });

  it('keeps to the filters of the feed: categories, a region shipped to, the sale type', async () => {
    const p = await people();
    await sale(p, 'Brass plate 65', 30, 1, { categoryId: 'parts' }, [{ regionCode: 'US', priceCents: 0 }]);
    await sale(p, 'Brass plate 65', 35, 2, { categoryId: 'parts', saleTypeId: 'vendor' }, [{ regionCode: 'EU', priceCents: 500 }]);
    await sale(p, 'Brass plate 65', 40, 3, { categoryId: 'parts' }, [{ regionCode: 'EU', priceCents: 500 }, { regionCode: 'US', priceCents: 0 }]);
    await sale(p, 'Brass plate 65 keyboard', 400, 4, { categoryId: 'keyboards', saleTypeId: 'vendor' }, [{ regionCode: 'EU', priceCents: 0 }]);
    expect((await history('searchText=brass')).count).toBe(4);
    expect(await history('searchText=brass&categoryIds=parts')).toMatchObject({ count: 3, min: 30, max: 40 });
    expect(await history('searchText=brass&categoryIds=parts,accessories&regions=EU')).toMatchObject({ count: 2 });
    expect(await history('searchText=brass&regions=EU,AS')).toMatchObject({ count: 3, min: 35, max: 400 });
    expect(await history('searchText=brass&saleType=vendor')).toMatchObject({ count: 2 });
    expect(await history('categoryIds=keyboards')).toMatchObject({ count: 1, median: null });
  });

  it('matches the words as the feed does: typos and partial words, case; no words matches nothing, no text everything', async () => {
    const p = await people();
    for (const [i, price] of [60, 70, 80].entries()) await sale(p, `Zealios tactile switches ${i}`, price, i + 1);
    expect(await history('searchText=zealois')).toMatchObject({ count: 3, median: 70 });
    expect(await history('searchText=ZEALI')).toMatchObject({ count: 3 });
    expect(await history('searchText=zzzqqq')).toEqual({ count: 0, median: null, min: null, max: null, recent: [] });
    expect(await history(`searchText=${encodeURIComponent('!!! ---')}`)).toMatchObject({ count: 0 });
    expect(await history('')).toMatchObject({ count: 3, median: 70 });
    expect(await history('searchText=%20%20')).toMatchObject({ count: 3 });
  });

  it('refuses bad input with a code', async () => {
    const client = await t.client();
    expect(await client.get(`/api/items/price-history?searchText=${'a'.repeat(201)}`)).toMatchObject({ status: 400, body: { message: 'too_long', field: 'searchText' } });
    expect(await client.get('/api/items/price-history?searchText=a&searchText=b')).toMatchObject({ status: 400, body: { message: 'bad_request' } });
  });
});
