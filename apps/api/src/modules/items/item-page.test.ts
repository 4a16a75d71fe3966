import { describe, expect, it } from 'vitest';
import { itemComments, itemSaves, redditLinks, users } from '../../db/schema/index';
import { eq } from 'drizzle-orm';
import { useTestApp } from '../../test/app';
import { createItem, createUser } from '../../test/factories';

const t = useTestApp();

// The item page is read by one statement (detail-repo.ts): every part of the answer, checked together.
describe('GET /api/item/{id}: the parts around the listing', () => {
  it('answers seller block, shipping in region order, comments oldest first and the viewer save', async () => {
    const seller = await createUser(t.db.db, { username: 'page_seller', shippingRegionCode: 'EU' });
    await t.db.db.insert(redditLinks).values({ userId: seller.id, redditUsername: 'forum_seller', redditJoinedAt: new Date('2019-01-01'), transferredCount: 7 });
    const buyer = await createUser(t.db.db);
    // Two platform sales by this seller, and one removed listing that sold: all count as transactions.
    await createItem(t.db.db, seller.id, { purchaserId: buyer.id, priceSoldCents: 5000 });
    await createItem(t.db.db, seller.id, { purchaserId: buyer.id, priceSoldCents: 6000, removedAt: new Date() });
    await createItem(t.db.db, seller.id, { approvalStatus: 'pending' });
    const item = await createItem(t.db.db, seller.id, { name: 'Page board' }, [
      { regionCode: 'AU', priceCents: 3050 },
      { regionCode: 'US', priceCents: 1000 },
    ]);
    const commenter = await createUser(t.db.db, { username: 'page_commenter', avatar: '/uploads/avatars/x.jpg' });
    const gone = await createUser(t.db.db, { username: 'page_gone' });
    await t.db.db.insert(itemComments).values([
      { itemId: item.id, userId: commenter.id, body: 'first', createdAt: new Date('2026-01-01T00:00:00.123Z') },
      { itemId: item.id, userId: gone.id, body: 'second', createdAt: new Date('2026-01-02T00:00:00Z') },
    ]);
    await t.db.db.update(users).set({ removedAt: new Date() }).where(eq(users.id, gone.id));
    const viewer = await createUser(t.db.db);
    await t.db.db.insert(itemSaves).values({ itemId: item.id, userId: viewer.id });

    const seen = await (await t.clientAs(viewer.id)).get(`/api/item/${item.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ isLoggedIn: true, isUserItem: false });
    expect(seen.body.item).toMatchObject({
      _id: item.id,
      name: 'Page board',
      isFollowing: true,
      shippingPrices: [
        { code: 'US', name: 'United States', price: 10 },
        { code: 'AU', name: 'Australia', price: 30.5 },
      ],
      sellerId: {
        _id: seller.id,
        username: 'page_seller',
        avatar: null,
        reddit: { isLinked: true, transactions: { count: 7 } },
        shippingRegion: { code: 'EU' },
        transactions: 2 + 7,
      },
      comments: [
        { body: 'first', timeCreated: '2026-01-01T00:00:00.123Z', userId: { _id: commenter.id, username: 'page_commenter', avatar: '/uploads/avatars/x.jpg', reddit: { isLinked: false } } },
        { body: 'second', timeCreated: '2026-01-02T00:00:00.000Z', userId: null },
      ],
    });
    expect(seen.body.item.timeListed).toBe(item.timeListed.toISOString());
    expect(seen.body.item).not.toHaveProperty('paymentEmail');

    // Another viewer has not saved it; a visitor neither.
    const other = await (await t.clientAs((await createUser(t.db.db)).id)).get(`/api/item/${item.id}`);
    expect(other.body.item.isFollowing).toBe(false);
    expect((await (await t.client()).get(`/api/item/${item.id}`)).body.item.isFollowing).toBe(false);
  });

  it('shows a removed seller as User Not Found, and a removed listing as not_found', async () => {
    const seller = await createUser(t.db.db, { avatar: '/uploads/avatars/s.jpg' });
    const item = await createItem(t.db.db, seller.id);
    await t.db.db.update(users).set({ removedAt: new Date() }).where(eq(users.id, seller.id));
    const page = await (await t.client()).get(`/api/item/${item.id}`);
    expect(page.body.item.sellerId).toMatchObject({ username: 'User Not Found', avatar: null });
    const removed = await createItem(t.db.db, (await createUser(t.db.db)).id, { removedAt: new Date() });
    const missing = await (await t.client()).get(`/api/item/${removed.id}`);
    expect([missing.status, missing.body]).toEqual([404, { message: 'not_found' }]);
  });
});
