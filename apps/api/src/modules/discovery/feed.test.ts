import { describe, expect, it } from 'vitest';
import { ITEM_PAGE_SIZE } from '@keeb/shared';
import { useTestApp } from '../../test/app';
import { createItem, createUser } from '../../test/factories';
import { scrubUser } from '../accounts/repo';

const t = useTestApp();
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

describe('GET /api/items (home feed)', () => {
  it('lists approved, unsold, present items newest first with seller and shipping', async () => {
    const seller = await createUser(t.db.db, { username: 'seller_one', avatar: '/uploads/a.jpg' });
    const buyer = await createUser(t.db.db);
    const older = await createItem(t.db.db, seller.id, { name: 'Older board', priceCents: 12_050, timeListed: minutesAgo(10) }, [
      { regionCode: 'US', priceCents: 0 },
      { regionCode: 'EU', priceCents: 2500 },
    ]);
    const newer = await createItem(t.db.db, seller.id, { name: 'Newer board', timeListed: minutesAgo(1) });
    await createItem(t.db.db, seller.id, { approvalStatus: 'pending' });
    await createItem(t.db.db, seller.id, { approvalStatus: 'rejected' });
    await createItem(t.db.db, seller.id, { purchaserId: buyer.id, priceSoldCents: 9000 });
    await createItem(t.db.db, seller.id, { removedAt: new Date() });

    const res = await (await t.client()).get('/api/items');
    expect(res.status).toBe(200);
    expect(res.body.map((i: { _id: string }) => i._id)).toEqual([newer.id, older.id]);
    expect(res.body[1]).toMatchObject({
      _id: older.id,
      name: 'Older board',
      price: 120.5,
      priceSold: null,
      categoryId: 'keyboards',
      sellerId: { _id: seller.id, username: 'seller_one', avatar: '/uploads/a.jpg' },
    });
    // A card carries what a card shows; shipping is on the item's page.
    expect(res.body[1]).not.toHaveProperty('shippingPrices');
  });

  it('pages by the last item timeListed, 36 at a time, without repeats', async () => {
    const seller = await createUser(t.db.db);
    for (let i = 0; i < ITEM_PAGE_SIZE + 4; i++) await createItem(t.db.db, seller.id, { timeListed: minutesAgo(i + 1) }, []);
    const client = await t.client();
    const first = await client.get('/api/items');
    expect(first.body).toHaveLength(ITEM_PAGE_SIZE);
    const last = first.body.at(-1);
    const second = await client.get(`/api/items?ts=${encodeURIComponent(last.timeListed)}`);
    expect(second.body).toHaveLength(4);
    const ids = [...first.body, ...second.body].map((i: { _id: string }) => i._id);
    expect(new Set(ids).size).toBe(ITEM_PAGE_SIZE + 4);
  });

  it('keeps to one category when asked', async () => {
    const seller = await createUser(t.db.db);
    await createItem(t.db.db, seller.id, { categoryId: 'keyboards' });
    const caps = await createItem(t.db.db, seller.id, { categoryId: 'keycaps' });
    const res = await (await t.client()).get('/api/items?categoryIds=keycaps');
    expect(res.body.map((i: { _id: string }) => i._id)).toEqual([caps.id]);
  });

  it('hides listings of removed accounts', async () => {
    const gone = await createUser(t.db.db);
    const stays = await createUser(t.db.db);
    await createItem(t.db.db, gone.id);
    const kept = await createItem(t.db.db, stays.id);
    const client = await t.client();
    expect((await client.get('/api/items')).body).toHaveLength(2);
    await scrubUser(t.db.db, gone.id);
    expect((await client.get('/api/items')).body.map((i: { _id: string }) => i._id)).toEqual([kept.id]);
  });
});
