import { describe, expect, it } from 'vitest';
import { FOLLOW_PAGE_SIZE, ITEM_PAGE_SIZE } from '@keeb/shared';
import { follows, items, karmaLedger, redditLinks, sellerRatings, users } from '../../db/schema/index';
import { eq, sql } from 'drizzle-orm';
import { useTestApp, type TestClient } from '../../test/app';
import { createItem, createUser } from '../../test/factories';
import { scrubUser } from '../accounts/repo';
import * as repo from './profiles-repo';

const t = useTestApp();
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
type Entry = { _id: string; username: string; avatar: string | null; followedAt: string };

/** Follows `ts` + `cursorId` until a short page; returns every page. */
async function allPages<T extends Record<string, unknown>>(client: TestClient, base: string, size: number, cursor: (last: T) => Record<string, string>) {
  const pages: T[][] = [];
  let query = '';
  for (let n = 0; n < 20; n++) {
    const res = await client.get(`${base}?${query}`);
    expect(res.status).toBe(200);
    pages.push(res.body);
    if (res.body.length < size) return pages;
    query = new URLSearchParams(cursor(res.body.at(-1))).toString();
  }
  throw new Error('paging did not end');
}

describe('GET /api/user/:username/profile', () => {
  it('answers the public profile with counts, transactions and karma, and never the email', async () => {
    const seller = await createUser(t.db.db, { username: 'KeebSeller', bio: 'Boards and caps', avatar: '/uploads/a.jpg' });
    const buyer = await createUser(t.db.db);
    await t.db.db.insert(redditLinks).values({ userId: seller.id, redditUsername: 'keeb_reddit', redditJoinedAt: new Date('2015-03-04T00:00:00Z'), transferredCount: 5 });
    await t.db.db.insert(karmaLedger).values([
      { userId: seller.id, reason: 'listing', amount: 3, subjectId: 'a' },
      { userId: seller.id, reason: 'sale', amount: 2, subjectId: 'b' },
      { userId: buyer.id, reason: 'sale', amount: 100, subjectId: 'c' },
    ]);
    const sold = [await createItem(t.db.db, seller.id, { purchaserId: buyer.id }), await createItem(t.db.db, seller.id, { purchaserId: buyer.id })];
    await createItem(t.db.db, seller.id); // listed, not sold
    // Overall is the mean of the category averages: (4.5 + 3.5 + 3) / 3.
    await t.db.db.insert(sellerRatings).values([
      { itemId: sold[0]!.id, sellerId: seller.id, buyerId: buyer.id, description: 5, communication: 4, shipping: 3 },
      { itemId: sold[1]!.id, sellerId: seller.id, buyerId: buyer.id, description: 4, communication: 3, shipping: 3 },
    ]);
    await t.db.db.insert(follows).values({ followerId: buyer.id, followedId: seller.id });

    const anon = await t.client();
    const res = await anon.get('/api/user/keebseller/profile');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      _id: seller.id,
      username: 'KeebSeller',
      bio: 'Boards and caps',
      avatar: '/uploads/a.jpg',
      shippingRegion: { code: 'US', name: expect.any(String) },
      reddit: { isLinked: true, username: 'keeb_reddit', timeJoined: '2015-03-04T00:00:00.000Z', transactions: { count: 5, isTransferred: true } },
      // Issue 29: not away.
      awayUntil: null,
      numFollowers: 1,
      numFollowing: 0,
      transactions: 7,
      numForSale: 1,
      karma: 5,
      isUserProfile: false,
      isFollowing: false,
      rating: { overall: 11 / 3, count: 2 },
      // Listings sold before orders existed have no order: no confirmed trades (trust.test.ts has the figures).
      trust: {
        memberSince: seller.createdAt.toISOString(),
        confirmedTrades: 0,
        shippedOnTime: { share: null, orders: 0 },
        replyMinutes: null,
        emailVerified: false,
        phoneVerified: false,
        openProblems: 0,
      },
    });
    expect(JSON.stringify(res.body)).not.toContain('@');

    const asBuyer = await t.clientAs(buyer.id);
    const seen = await asBuyer.get('/api/user/KEEBSELLER/profile');
    expect(seen.body).toMatchObject({ isUserProfile: false, isFollowing: true });
    const own = await (await t.clientAs(seller.id)).get(`/api/user/${seller.username}/profile`);
    expect(own.body).toMatchObject({ isUserProfile: true, isFollowing: false });
    expect(JSON.stringify(own.body)).not.toContain(seller.email);
    // The buyer: no region, no forum link, no sales.
    await t.db.db.update(users).set({ shippingRegionCode: null }).where(eq(users.id, buyer.id));
    const plain = await anon.get(`/api/user/${buyer.username}/profile`);
    expect(plain.body).toMatchObject({
      shippingRegion: null,
      reddit: { isLinked: false, transactions: { count: 0, isTransferred: false } },
      transactions: 0,
      numForSale: 0,
      karma: 100,
      numFollowers: 0,
      numFollowing: 1,
      rating: { overall: 0, count: 0 },
    });
  });

  it('counts the listings for sale as approval, sale and removal move them, the same for every viewer', async () => {
    const seller = await createUser(t.db.db);
    const buyer = await createUser(t.db.db);
    const admin = await createUser(t.db.db, { isAdmin: true });
    const pending = await createItem(t.db.db, seller.id, { approvalStatus: 'pending' });
    const live = await createItem(t.db.db, seller.id);
    await createItem(t.db.db, seller.id, { approvalStatus: 'rejected' });
    await createItem(t.db.db, buyer.id); // another seller's listing never counts

    const anon = await t.client();
    const asSeller = await t.clientAs(seller.id);
    const asBuyer = await t.clientAs(buyer.id);
    const counts = async () =>
      Promise.all([anon, asSeller, asBuyer].map(async (c) => (await c.get(`/api/user/${seller.username}/profile`)).body.numForSale as number));
    expect(await counts()).toEqual([1, 1, 1]);

    const adminClient = await t.clientAs(admin.id);
    await adminClient.post(`/api/item/${pending.id}/approve`).expect(200);
    expect(await counts()).toEqual([2, 2, 2]);

    await t.db.db.update(items).set({ purchaserId: buyer.id }).where(eq(items.id, live.id));
    expect(await counts()).toEqual([1, 1, 1]);

    await asSeller.delete(`/api/item/${pending.id}/remove`).expect(200);
    expect(await counts()).toEqual([0, 0, 0]);
    // The count is exactly what the seller's public list pages through.
    expect((await anon.get(`/api/user/${seller.username}/items/listed`)).body).toEqual([]);
  });

  it('counts for sale over the seller index, not the whole table', async () => {
    const sellers = await Promise.all(Array.from({ length: 20 }, () => createUser(t.db.db)));
    const base = { categoryId: 'keyboards', description: 'x', priceCents: 1000, paymentEmail: 's@example.test', offersAccepted: true, isFixedPrice: true, photos: ['/a.jpg'], thumbnail: '/a.jpg' };
    await t.db.db.insert(items).values(Array.from({ length: 2000 }, (_, i) => ({ ...base, sellerId: sellers[i % 20]!.id, name: `Board ${i}`, approvalStatus: 'approved' as const })));
    await t.db.db.execute(sql`analyze items`);
    const result = (await t.db.db.execute(sql`explain ${repo.forSaleCountQuery(t.db.db, sellers[0]!.id)}`)) as unknown as { rows: Array<Record<string, string>> };
    const plan = result.rows.map((r) => Object.values(r)[0]).join('\n');
    expect(plan).toMatch(/items_seller/);
    expect(plan).not.toMatch(/Seq Scan on items\b/);
  });

  it('is 404 not_found for unknown and removed users', async () => {
    const gone = await createUser(t.db.db, { removedAt: new Date() });
    const anon = await t.client();
    for (const name of ['nobody_here', gone.username]) {
      const res = await anon.get(`/api/user/${name}/profile`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'not_found' });
    }
    const viewer = await t.clientAs((await createUser(t.db.db)).id);
    for (const path of ['follow', 'unfollow', 'is-following']) expect((await viewer.post(`/api/user/${gone.username}/${path}`)).status).toBe(404);
    for (const path of ['followers', 'following']) expect((await viewer.get(`/api/user/nobody_here/${path}`)).status).toBe(404);
  });
});

describe('follow and unfollow', () => {
  it('moves the counts by one, idempotently', async () => {
    const seller = await createUser(t.db.db);
    const fan = await createUser(t.db.db);
    const client = await t.clientAs(fan.id);
    const anon = await t.client();
    const count = async () => (await anon.get(`/api/user/${seller.username}/profile`)).body.numFollowers as number;
    const following = async () => (await anon.get(`/api/user/${fan.username}/profile`)).body.numFollowing as number;

    for (let i = 0; i < 2; i++) {
      const res = await client.post(`/api/user/${seller.username.toUpperCase()}/follow`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ isFollowing: true, numFollowers: 1 });
      expect(await count()).toBe(1);
      expect(await following()).toBe(1);
      expect((await client.post(`/api/user/${seller.username}/is-following`)).body).toEqual({ isFollowing: true });
    }
    for (let i = 0; i < 2; i++) {
      const res = await client.post(`/api/user/${seller.username}/unfollow`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ isFollowing: false, numFollowers: 0 });
      expect(await count()).toBe(0);
      expect(await following()).toBe(0);
      expect((await client.post(`/api/user/${seller.username}/is-following`)).body).toEqual({ isFollowing: false });
    }
  });

  it('refuses following yourself', async () => {
    const me = await createUser(t.db.db);
    const client = await t.clientAs(me.id);
    const res = await client.post(`/api/user/${me.username}/follow`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'cannot_follow_self' });
    expect((await client.get(`/api/user/${me.username}/profile`)).body).toMatchObject({ numFollowers: 0, numFollowing: 0 });
  });

  it('needs a login to follow, unfollow or read the followed feed; is-following is false when logged out', async () => {
    const seller = await createUser(t.db.db);
    const anon = await t.client();
    for (const path of ['follow', 'unfollow']) {
      const res = await anon.post(`/api/user/${seller.username}/${path}`);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'must login' });
    }
    const feed = await anon.get('/api/me/items/followed');
    expect(feed.status).toBe(401);
    expect(feed.body).toEqual({ message: 'must login' });
    const is = await anon.post(`/api/user/${seller.username}/is-following`);
    expect(is.status).toBe(200);
    expect(is.body).toEqual({ isFollowing: false });
  });
});

describe('followers and following lists', () => {
  it('pages newest first without skips or repeats under tied timestamps, leaving removed accounts out', async () => {
    const star = await createUser(t.db.db);
    const fans = await Promise.all(Array.from({ length: 40 }, () => createUser(t.db.db)));
    const same = minutesAgo(5);
    await t.db.db.insert(follows).values(fans.map((f) => ({ followerId: f.id, followedId: star.id, createdAt: same })));
    const newest = await createUser(t.db.db);
    await t.db.db.insert(follows).values({ followerId: newest.id, followedId: star.id, createdAt: minutesAgo(1) });
    const removed = await createUser(t.db.db, { removedAt: new Date() });
    await t.db.db.insert(follows).values({ followerId: removed.id, followedId: star.id, createdAt: minutesAgo(2) });

    const anon = await t.client();
    const pages = await allPages<Entry>(anon, `/api/user/${star.username}/followers`, FOLLOW_PAGE_SIZE, (last) => ({ ts: last.followedAt, cursorId: last._id }));
    expect(pages.map((p) => p.length)).toEqual([36, 5]);
    const all = pages.flat();
    expect(all[0]).toEqual({ _id: newest.id, username: newest.username, avatar: null, followedAt: expect.any(String) });
    expect(new Set(all.map((e) => e._id))).toEqual(new Set([newest.id, ...fans.map((f) => f.id)]));
    expect(JSON.stringify(all)).not.toContain('@');
    expect((await anon.get(`/api/user/${star.username}/profile`)).body.numFollowers).toBe(41);

    // The other direction: one fan following 40 sellers.
    const fan = fans[0]!;
    await t.db.db.insert(follows).values(fans.slice(1).map((f, i) => ({ followerId: fan.id, followedId: f.id, createdAt: minutesAgo(i % 3) })));
    await t.db.db.insert(follows).values({ followerId: fan.id, followedId: removed.id });
    const following = (await allPages<Entry>(anon, `/api/user/${fan.username}/following`, FOLLOW_PAGE_SIZE, (last) => ({ ts: last.followedAt, cursorId: last._id }))).flat();
    expect(following).toHaveLength(40); // 39 fans + star; the removed account left out
    expect(new Set(following.map((e) => e._id)).size).toBe(40);
    const times = following.map((e) => Date.parse(e.followedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('refuses a malformed cursor', async () => {
    const star = await createUser(t.db.db);
    const res = await (await t.client()).get(`/api/user/${star.username}/followers?cursorId=nope`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'invalid_cursor' });
  });
});

describe('GET /api/me/items/followed', () => {
  it('lists public listings of followed sellers only, newest first, paged with ts + cursorId', async () => {
    const me = await createUser(t.db.db);
    const a = await createUser(t.db.db);
    const b = await createUser(t.db.db);
    const stranger = await createUser(t.db.db);
    const client = await t.clientAs(me.id);
    await client.post(`/api/user/${a.username}/follow`).expect(200);
    await client.post(`/api/user/${b.username}/follow`).expect(200);

    const same = minutesAgo(10);
    const expected: string[] = [];
    for (let i = 0; i < 20; i++) expected.push((await createItem(t.db.db, a.id, { timeListed: same })).id);
    for (let i = 0; i < 20; i++) expected.push((await createItem(t.db.db, b.id, { timeListed: minutesAgo(20 + i) })).id);
    const newest = await createItem(t.db.db, b.id, { timeListed: minutesAgo(1) });
    await createItem(t.db.db, stranger.id);
    await createItem(t.db.db, a.id, { approvalStatus: 'pending' });
    await createItem(t.db.db, a.id, { purchaserId: stranger.id });
    await createItem(t.db.db, a.id, { removedAt: new Date() });
    await createItem(t.db.db, me.id);

    type Card = { _id: string; timeListed: string; sellerId: { _id: string } };
    const pages = await allPages<Card>(client, '/api/me/items/followed', ITEM_PAGE_SIZE, (last) => ({ ts: last.timeListed, cursorId: last._id }));
    expect(pages.map((p) => p.length)).toEqual([36, 5]);
    const all = pages.flat();
    expect(all[0]!._id).toBe(newest.id);
    expect(new Set(all.map((i) => i._id))).toEqual(new Set([newest.id, ...expected]));
    const times = all.map((i) => Date.parse(i.timeListed));
    expect(times).toEqual([...times].sort((x, y) => y - x));

    await client.post(`/api/user/${b.username}/unfollow`).expect(200);
    const after = await client.get('/api/me/items/followed');
    expect(after.body.map((i: Card) => i.sellerId._id)).toEqual(Array(20).fill(a.id));
    // A removed seller's listings drop out.
    await scrubUser(t.db.db, a.id);
    expect((await client.get('/api/me/items/followed')).body).toEqual([]);
  });
});
