import { existsSync } from 'node:fs';
import path from 'node:path';
import { verify } from '@node-rs/argon2';
import { beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, checkItemSpecs, photoVariants, PRICE_HISTORY_MIN_SALES, specTags, type PriceHistory } from '@keeb/shared';
import { items } from '../../schema/index';
import { useTestApp } from '../../../test/app';
import { createUser } from '../../../test/factories';
import { DEMO_LISTINGS, DEMO_PASSWORD } from './catalog';
import { DEMO_SPECS } from './specs';
import { loadDemoData } from './index';

// The demo content is rendered once for the file (photos through sharp: seconds) and the tests read it; the last
// test empties the tables itself.
const t = useTestApp({}, {}, { sharedRows: true });
let loaded: Awaited<ReturnType<typeof loadDemoData>>;

describe('demo content', () => {
  beforeAll(async () => {
    loaded = await loadDemoData(t.db.db, t.config.uploadsDir);
  });

  it('loads at least 40 approved listings across every category, with photos on disk', async () => {
    expect(loaded.listings).toBeGreaterThanOrEqual(40);

    const client = await t.client();
    const feed = (await client.get('/api/items')).body as Array<{ categoryId: string; thumbnail: string; photos: string[]; price: number }>;
    const second = (await client.get(`/api/items?ts=${encodeURIComponent((feed.at(-1) as unknown as { timeListed: string }).timeListed)}`)).body;
    expect(feed.length + second.length).toBe(loaded.listings);
    expect(new Set(feed.concat(second).map((i) => i.categoryId))).toEqual(new Set(CATEGORIES.map((c) => c._id)));
    for (const item of feed) {
      expect(item.price).toBeGreaterThan(0);
      // Every photo has the list (@2x_) and detail (@4x_) variants the thumbnail rule names, as uploads do.
      const variants = item.photos.flatMap((url) => Object.values(photoVariants(url)));
      for (const url of [item.thumbnail, ...item.photos, ...variants]) {
        expect(existsSync(path.join(t.config.uploadsDir, url.replace(/^\/uploads\//, '')))).toBe(true);
      }
    }
    // Photos are served by the app itself.
    const photo = await client.get(feed[0]!.photos[0]!);
    expect(photo.status).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
  });

  it('holds sales of the last months, so common searches show a price history (with photos on disk)', async () => {
    expect(loaded.sales).toBeGreaterThanOrEqual(PRICE_HISTORY_MIN_SALES);
    const client = await t.client();
    for (const search of ['GMK', 'keycaps', 'olivia', 'tofu65', 'keychron q1', 'zoom75', 'holy panda']) {
      const history = (await client.get(`/api/items/price-history?searchText=${encodeURIComponent(search)}`)).body as PriceHistory;
      expect(history.count, search).toBeGreaterThanOrEqual(PRICE_HISTORY_MIN_SALES);
      expect(history.median, search).toBeGreaterThan(0);
      for (const sale of history.recent) expect(existsSync(path.join(t.config.uploadsDir, sale.thumbnail.replace(/^\/uploads\//, '')))).toBe(true);
    }
    // Each sale is an order confirmed received (issue 26), with its timeline.
    const orders = await t.db.db.query.orders.findMany();
    expect(orders).toHaveLength(loaded.sales);
    expect(orders.every((o) => o.status === 'received' && o.shippedAt && o.closedAt)).toBe(true);
    expect(await t.db.db.query.orderEvents.findMany()).toHaveLength(3 * loaded.sales);
  });

  it('marks a few listings of several sellers open to trades, each saying what it looks for (issue 28)', async () => {
    const client = await t.client();
    const open = (await client.get('/api/items?openToTrades=true')).body as Array<{ _id: string; openToTrades: boolean; sellerId: { username: string } }>;
    expect(open.length).toBeGreaterThanOrEqual(4);
    expect(new Set(open.map((i) => i.sellerId.username)).size).toBeGreaterThanOrEqual(3);
    for (const card of open) {
      const { item } = (await client.get(`/api/item/${card._id}`)).body as { item: { openToTrades: boolean; lookingFor: string } };
      expect(item.openToTrades).toBe(true);
      expect(item.lookingFor.length).toBeGreaterThan(0);
    }
  });

  it('gives every listing specs of its category, stored with their tags (issue 29)', async () => {
    for (const listing of DEMO_LISTINGS) {
      const specs = DEMO_SPECS[listing.name];
      expect(specs, listing.name).toBeDefined();
      expect(checkItemSpecs(listing.category, specs), listing.name).toHaveProperty('specs');
    }
    const rows = await t.db.db.select({ name: items.name, specs: items.specs, specTags: items.specTags, purchaserId: items.purchaserId }).from(items);
    for (const row of rows.filter((r) => r.purchaserId === null)) {
      expect(Object.keys(row.specs).length, row.name).toBeGreaterThan(0);
      expect(row.specTags, row.name).toEqual(specTags(row.specs));
    }
    // The hobby's usual finds: a 65% hot-swap board, SA PBT caps, lubed linears in a lot of 70.
    const tags = rows.map((r) => r.specTags);
    expect(tags.some((t) => t.includes('size:65%') && t.includes('mounting:hot-swap'))).toBe(true);
    expect(tags.some((t) => t.includes('profile:sa') && t.includes('material:pbt'))).toBe(true);
    expect(tags.some((t) => ['kind:switches', 'switchType:linear', 'lubed:true', 'quantity:70'].every((tag) => t.includes(tag)))).toBe(true);
  });

  it('gives demo users a known password and marks them as demo', async () => {
    const rows = await t.db.db.query.users.findMany();
    expect(rows.length).toBeGreaterThan(2);
    expect(rows.every((u) => u.isDemo && u.emailConfirmedAt)).toBe(true);
    expect(await verify(rows[0]!.passwordHash!, DEMO_PASSWORD)).toBe(true);
  });

  it('never loads into a database that already has users', async () => {
    await t.db.reset();
    await createUser(t.db.db);
    expect(await loadDemoData(t.db.db, t.config.uploadsDir)).toEqual({ users: 0, listings: 0, sales: 0 });
    expect((await (await t.client()).get('/api/items')).body).toEqual([]);
  });
});
