import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { itemShipping, items, karmaLedger } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { createItem, createUser } from '../../test/factories';
import { readOutbox } from '../../test/outbox';

const t = useTestApp({ LISTINGS_PER_DAY: '3' });

async function seller(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.db.db, { emailConfirmedAt: new Date(), phoneVerifiedAt: new Date(), ...overrides });
  return { user, client: await t.clientAs(user.id) };
}

const photoOf = (userId: string, n = 1) => `/uploads/items/${userId}/photo${n}.jpg`;
const listing = (userId: string) => ({
  categoryId: 'keycaps',
  name: '  GMK Olivia++ Base  ',
  description: 'Mounted once.\nNo shine.',
  price: '240',
  payment: 'Pay@Example.com',
  offersAccepted: true,
  isFixedPrice: false,
  photos: [photoOf(userId), 'https://i.imgur.com/abc123.jpg'],
  shippingPrices: [
    { code: 'US', price: '0' },
    { code: 'EU', price: '25.5' },
  ],
});

describe('POST /api/item validation, in the spec order', () => {
  it.each([
    [{ categoryId: '' }, 'field_required', 'categoryId'],
    [{ categoryId: '', name: '' }, 'field_required', 'categoryId'],
    [{ name: '   ' }, 'field_required', 'name'],
    [{ description: '' }, 'field_required', 'description'],
    [{ price: '' }, 'price', 'price'],
    [{ price: 'abc' }, 'price', 'price'],
    [{ price: '0' }, 'price', 'price'],
    [{ price: '123456789' }, 'price', 'price'],
    [{ payment: '' }, 'field_required', 'payment'],
    [{ payment: 'not-an-email' }, 'email format', 'payment'],
    [{ offersAccepted: false, isFixedPrice: false }, 'both_false', 'offersAccepted'],
    [{ shippingPrices: [] }, 'shipping_required', 'shippingPrices'],
    [{ photos: [] }, 'photos_required', 'photos'],
    [{ photos: Array.from({ length: 17 }, (_, i) => `https://i.imgur.com/p${i}.jpg`) }, 'too_many_photos', 'photos'],
    [{ shippingPrices: [{ code: 'US', price: 'free' }] }, 'shipping_price', 'shippingPrices'],
  ])('%o answers %s', async (patch, message, field) => {
    const { user, client } = await seller();
    const res = await client.post('/api/item', { ...listing(user.id), ...patch });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message, field });
    expect(await t.db.db.select().from(items)).toEqual([]);
  });

  it.each([
    ['http link', 'http://i.imgur.com/abc.jpg'],
    ['another host', 'https://evil.example.com/abc.jpg'],
    ['not an image', 'https://i.imgur.com/abc.gif'],
    ["another seller's upload", '/uploads/items/00000000-0000-0000-0000-000000000000/photo.jpg'],
  ])('refuses a photo that is an %s', async (_label, url) => {
    const { user, client } = await seller();
    const res = await client.post('/api/item', { ...listing(user.id), photos: [url] });
    expect(res.body).toEqual({ message: 'photo_link', field: 'photos' });
  });

  it('refuses unknown categories and regions', async () => {
    const { user, client } = await seller();
    expect((await client.post('/api/item', { ...listing(user.id), categoryId: 'spaceships' })).body).toEqual({ message: 'field_required', field: 'categoryId' });
    expect((await client.post('/api/item', { ...listing(user.id), shippingPrices: [{ code: 'MARS', price: 5 }] })).body).toEqual({
      message: 'shipping_required',
      field: 'shippingPrices',
    });
  });
});

describe('POST /api/item', () => {
  it('lists a pending item with its shipping, trimmed and in cents', async () => {
    const { user, client } = await seller();
    const res = await client.post('/api/item', listing(user.id));
    expect(res.status).toBe(200);
    const [row] = await t.db.db.select().from(items).where(eq(items.id, res.body._id));
    expect(row).toMatchObject({
      sellerId: user.id,
      name: 'GMK Olivia++ Base',
      priceCents: 24000,
      paymentEmail: 'pay@example.com',
      approvalStatus: 'pending',
      thumbnail: `/uploads/items/${user.id}/@2x_photo1.jpg`,
    });
    const shipping = await t.db.db.select().from(itemShipping).where(eq(itemShipping.itemId, res.body._id));
    expect(shipping.map((s) => [s.regionCode, s.priceCents]).sort()).toEqual([
      ['EU', 2550],
      ['US', 0],
    ]);
    // Pending listings are not in the feed.
    expect((await client.get('/api/items')).body).toEqual([]);
  });

  it('needs a session, a confirmed email and (PHONE_VERIFICATION=listing) a verified phone', async () => {
    const visitor = await t.client();
    expect((await visitor.post('/api/item', listing('x'))).body).toEqual({ message: 'must login' });
    const unconfirmed = await seller({ emailConfirmedAt: null });
    const res = await unconfirmed.client.post('/api/item', listing(unconfirmed.user.id));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'confirm_email' });
    const noPhone = await seller({ phoneVerifiedAt: null });
    const phoneRes = await noPhone.client.post('/api/item', listing(noPhone.user.id));
    expect(phoneRes.status).toBe(403);
    expect(phoneRes.body).toEqual({ message: 'sms_verification_invalid' });
    expect(await t.db.db.select().from(items)).toEqual([]);
  });

  it('answers too_many_posts with timeLeft past the daily limit (LISTINGS_PER_DAY=3)', async () => {
    const { user, client } = await seller();
    for (let i = 0; i < 3; i++) expect((await client.post('/api/item', listing(user.id))).status).toBe(200);
    // The oldest of the three counted an hour ago: the fourth may go in 23 hours.
    const [oldest] = await t.db.db.select({ id: items.id }).from(items).orderBy(items.createdAt).limit(1);
    await t.db.db.update(items).set({ createdAt: sql`now() - interval '1 hour'` }).where(eq(items.id, oldest!.id));
    const res = await client.post('/api/item', listing(user.id));
    expect(res.status).toBe(429);
    expect(res.body.message).toBe('too_many_posts');
    expect(res.body.timeLeft).toBeGreaterThan(23 * 3600 - 60);
    expect(res.body.timeLeft).toBeLessThanOrEqual(23 * 3600);
    expect(await t.db.db.select().from(items)).toHaveLength(3);
  });

  it('holds the limit under parallel requests', async () => {
    const { user, client } = await seller();
    const results = await Promise.all(Array.from({ length: 6 }, () => client.post('/api/item', listing(user.id))));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 429)).toHaveLength(3);
  });
});

describe('GET /api/item/{id}', () => {
  it('answers the item, the viewer state and the seller block; the payment email only to the owner', async () => {
    const owner = await seller({ username: 'the_seller', shippingRegionCode: 'UK' });
    const item = await createItem(t.db.db, owner.user.id, { name: 'Tofu65', priceCents: 18550, paymentEmail: 'secret-pay@example.com', photos: [photoOf(owner.user.id)] });
    const visitor = await (await t.client()).get(`/api/item/${item.id}`);
    expect(visitor.status).toBe(200);
    expect(visitor.body).toMatchObject({ isLoggedIn: false, isUserItem: false });
    expect(visitor.body.item).toMatchObject({
      _id: item.id,
      name: 'Tofu65',
      price: 185.5,
      priceSold: null,
      approvalStatus: 'approved',
      paymentStatus: 'none',
      purchaserId: null,
      isFollowing: false,
      likes: 0,
      comments: [],
      photoChicklets: [{ list: `/uploads/items/${owner.user.id}/@2x_photo1.jpg`, detail: `/uploads/items/${owner.user.id}/@4x_photo1.jpg` }],
      shippingPrices: [{ code: 'US', name: 'United States', price: 10 }],
      sellerId: { _id: owner.user.id, username: 'the_seller', shippingRegion: { code: 'UK', name: 'United Kingdom' }, transactions: 0 },
    });
    expect(JSON.stringify(visitor.body)).not.toContain('secret-pay');
    const mine = await owner.client.get(`/api/item/${item.id}`);
    expect(mine.body).toMatchObject({ isLoggedIn: true, isUserItem: true, item: { paymentEmail: 'secret-pay@example.com' } });
  });

  it('answers not_found for a removed, unknown or malformed id', async () => {
    const owner = await seller();
    const removed = await createItem(t.db.db, owner.user.id, { removedAt: new Date() });
    const client = await t.client();
    for (const id of [removed.id, '3f1c2b4a-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await client.get(`/api/item/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'not_found' });
    }
  });
});

describe('edit, duplicate and remove: only the owner', () => {
  it('lets only the owner load for edit and duplicate', async () => {
    const owner = await seller();
    const other = await seller();
    const item = await createItem(t.db.db, owner.user.id);
    expect((await owner.client.get(`/api/item/${item.id}/edit`)).status).toBe(200);
    expect((await owner.client.get(`/api/item/${item.id}/duplicate`)).status).toBe(200);
    for (const path of ['edit', 'duplicate']) {
      const res = await other.client.get(`/api/item/${item.id}/${path}`);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: 'forbidden' });
      expect((await (await t.client()).get(`/api/item/${item.id}/${path}`)).status).toBe(401);
    }
  });

  it('updates everything but shipping; another user cannot', async () => {
    const owner = await seller();
    const other = await seller();
    const item = await createItem(t.db.db, owner.user.id);
    const body = { ...listing(owner.user.id), name: 'Renamed', shippingPrices: [{ code: 'AU', price: 99 }] };
    expect((await other.client.put(`/api/item/${item.id}`, body)).status).toBe(403);
    expect((await (await t.client()).put(`/api/item/${item.id}`, body)).status).toBe(401);
    const res = await owner.client.put(`/api/item/${item.id}`, body);
    expect(res.body).toEqual({ _id: item.id });
    const [row] = await t.db.db.select().from(items).where(eq(items.id, item.id));
    expect(row?.name).toBe('Renamed');
    const shipping = await t.db.db.select().from(itemShipping).where(eq(itemShipping.itemId, item.id));
    expect(shipping.map((s) => s.regionCode)).toEqual(['US']);
  });

  it('refuses to edit a sold item', async () => {
    const owner = await seller();
    const buyer = await seller();
    const item = await createItem(t.db.db, owner.user.id, { purchaserId: buyer.user.id, priceSoldCents: 9000 });
    expect((await owner.client.get(`/api/item/${item.id}/edit`)).body).toEqual({ message: 'item_sold' });
    expect((await owner.client.put(`/api/item/${item.id}`, listing(owner.user.id))).body).toEqual({ message: 'item_sold' });
    expect((await owner.client.get(`/api/item/${item.id}/duplicate`)).status).toBe(200);
  });

  it('removes for the owner only; a sold item stays for its buyer records; a pending payment blocks removal', async () => {
    const owner = await seller();
    const other = await seller();
    const item = await createItem(t.db.db, owner.user.id);
    expect((await other.client.delete(`/api/item/${item.id}/remove`)).status).toBe(403);
    expect((await (await t.client()).delete(`/api/item/${item.id}/remove`)).status).toBe(401);
    expect((await owner.client.delete(`/api/item/${item.id}/remove`)).body).toEqual({ ok: true });
    expect((await owner.client.get(`/api/item/${item.id}`)).status).toBe(404);
    const [row] = await t.db.db.select().from(items).where(eq(items.id, item.id));
    expect(row?.removedAt).not.toBeNull();

    const paying = await createItem(t.db.db, owner.user.id, { paymentStatus: 'pending' });
    const blocked = await owner.client.delete(`/api/item/${paying.id}/remove`);
    expect(blocked.status).toBe(409);
    expect(blocked.body).toEqual({ message: 'offer_pending' });
  });

  it('mails savers when a saved item is updated or removed, as their preferences allow', async () => {
    const owner = await seller();
    const fan = await seller({ email: 'fan@example.com' });
    const quiet = await seller({ email: 'quiet@example.com', emailPreferences: { itemSell: true, offers: true, updates: false, messages: true, offerSavedItem: true, soldSavedItem: true, updatedSavedItem: false, removedSavedItem: false, followedSellerListed: true, itemComments: true } });
    const item = await createItem(t.db.db, owner.user.id, { name: 'Saved Board' });
    await fan.client.post(`/api/item/${item.id}/save`);
    await quiet.client.post(`/api/item/${item.id}/save`);
    await owner.client.put(`/api/item/${item.id}`, { ...listing(owner.user.id), name: 'Saved Board v2' });
    await owner.client.delete(`/api/item/${item.id}/remove`);
    const mails = await readOutbox(t.config.outboxDir);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ['fan@example.com', 'An item you saved was updated: Saved Board v2'],
      ['fan@example.com', 'An item you saved was removed: Saved Board v2'],
    ]);
  });
});

describe('saves', () => {
  it('moves the count by one per user and answers the id; logged out must login', async () => {
    const owner = await seller();
    const fan = await seller();
    const item = await createItem(t.db.db, owner.user.id);
    expect((await (await t.client()).post(`/api/item/${item.id}/save`)).body).toEqual({ message: 'must login' });
    expect((await fan.client.post(`/api/item/${item.id}/save`)).body).toEqual({ _id: item.id });
    await fan.client.post(`/api/item/${item.id}/save`);
    let detail = (await fan.client.get(`/api/item/${item.id}`)).body.item;
    expect([detail.likes, detail.isFollowing]).toEqual([1, true]);
    await fan.client.post(`/api/item/${item.id}/unsave`);
    await fan.client.post(`/api/item/${item.id}/unsave`);
    detail = (await fan.client.get(`/api/item/${item.id}`)).body.item;
    expect([detail.likes, detail.isFollowing]).toEqual([0, false]);
  });
});

describe('comments', () => {
  it('adds a comment shown on the item, mails the seller, and refuses blank ones', async () => {
    const owner = await seller({ email: 'owner@example.com' });
    const fan = await seller({ username: 'curious' });
    const item = await createItem(t.db.db, owner.user.id, { name: 'Bakeneko' });
    expect((await fan.client.post(`/api/item/${item.id}/comment`, { itemId: item.id, body: '   ' })).body).toEqual({ message: 'field_required', field: 'body' });
    const res = await fan.client.post(`/api/item/${item.id}/comment`, { itemId: item.id, body: ' Still available? ' });
    expect(res.body).toMatchObject({ body: 'Still available?', userId: { _id: fan.user.id, username: 'curious' } });
    const detail = (await (await t.client()).get(`/api/item/${item.id}`)).body.item;
    expect(detail.comments).toHaveLength(1);
    expect(detail.comments[0]).toMatchObject({ body: 'Still available?', userId: { username: 'curious' } });
    const [mail] = await readOutbox(t.config.outboxDir);
    expect(mail).toMatchObject({ to: 'owner@example.com', subject: 'New comment on Bakeneko' });
    expect((await (await t.client()).post(`/api/item/${item.id}/comment`, { body: 'hi' })).status).toBe(401);
  });

  it('closes comments on sold items', async () => {
    const owner = await seller();
    const buyer = await seller();
    const item = await createItem(t.db.db, owner.user.id, { purchaserId: buyer.user.id, priceSoldCents: 100 });
    const res = await buyer.client.post(`/api/item/${item.id}/comment`, { body: 'Thanks!' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'comment_closed' });
  });

  it('blocks a user for 24 hours after 20 comments in a day', async () => {
    const owner = await seller();
    const chatty = await seller();
    const item = await createItem(t.db.db, owner.user.id);
    for (let i = 0; i < 20; i++) expect((await chatty.client.post(`/api/item/${item.id}/comment`, { body: `c${i}` })).status).toBe(200);
    const res = await chatty.client.post(`/api/item/${item.id}/comment`, { body: 'one more' });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ message: 'too_many_requests' });
  });
});

describe('approval lifecycle', () => {
  it('pending -> approved: only admins, in the feed at once, karma for the seller once', async () => {
    const owner = await seller();
    const admin = await seller({ isAdmin: true });
    const created = await owner.client.post('/api/item', listing(owner.user.id));
    const id = created.body._id;

    expect((await owner.client.get('/api/items/approval')).status).toBe(403);
    expect((await (await t.client()).get('/api/items/approval')).status).toBe(401);
    const queue = await admin.client.get('/api/items/approval');
    expect(queue.body.map((i: { _id: string }) => i._id)).toEqual([id]);
    expect(queue.body[0]).toMatchObject({ name: 'GMK Olivia++ Base', approvalStatus: 'pending', sellerId: { _id: owner.user.id } });

    expect((await owner.client.post(`/api/item/${id}/approve`)).status).toBe(403);
    expect((await admin.client.post(`/api/item/${id}/approve`)).body).toEqual({ _id: id, approvalStatus: 'approved' });
    expect((await (await t.client()).get('/api/items')).body.map((i: { _id: string }) => i._id)).toEqual([id]);
    expect((await admin.client.get('/api/items/approval')).body).toEqual([]);
    await admin.client.post(`/api/item/${id}/approve`);
    const karma = await t.db.db.select().from(karmaLedger).where(eq(karmaLedger.userId, owner.user.id));
    expect(karma.map((k) => [k.reason, k.amount])).toEqual([['listing', 5]]);
    expect((await owner.client.get('/api/me')).body.karma).toBe(5);
  });

  it('pending -> rejected mails the seller; an edit puts it back in the queue', async () => {
    const owner = await seller({ email: 'lister@example.com' });
    const admin = await seller({ isAdmin: true });
    const id = (await owner.client.post('/api/item', listing(owner.user.id))).body._id;
    expect((await admin.client.post(`/api/item/${id}/reject`)).body).toEqual({ _id: id, approvalStatus: 'rejected' });
    const [mail] = await readOutbox(t.config.outboxDir);
    expect(mail).toMatchObject({ to: 'lister@example.com' });
    expect(mail!.text).toContain(`/edit-item/${id}`);
    expect((await owner.client.get(`/api/item/${id}`)).body.item.approvalStatus).toBe('rejected');
    await owner.client.put(`/api/item/${id}`, listing(owner.user.id));
    expect((await admin.client.get('/api/items/approval')).body.map((i: { _id: string }) => i._id)).toEqual([id]);
  });

  it('pages the queue oldest first by ts', async () => {
    const owner = await seller();
    const admin = await seller({ isAdmin: true });
    const older = await createItem(t.db.db, owner.user.id, { approvalStatus: 'pending', timeListed: new Date(Date.now() - 60_000) });
    const newer = await createItem(t.db.db, owner.user.id, { approvalStatus: 'pending', timeListed: new Date() });
    const first = (await admin.client.get('/api/items/approval')).body;
    expect(first.map((i: { _id: string }) => i._id)).toEqual([older.id, newer.id]);
    const after = (await admin.client.get(`/api/items/approval?ts=${encodeURIComponent(first[0].timeListed)}`)).body;
    expect(after.map((i: { _id: string }) => i._id)).toEqual([newer.id]);
  });
});
