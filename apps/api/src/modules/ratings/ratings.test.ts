import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RATINGS_PAGE_SIZE } from '@keeb/shared';
import { items, sellerRatings, users } from '../../db/schema/index';
import { DEFAULT_EMAIL_PREFERENCES } from '../../db/schema/accounts';
import { useTestApp } from '../../test/app';
import { createItem, createUser, itemValues } from '../../test/factories';
import { readOutbox } from '../../test/outbox';
import * as repo from './repo';

const t = useTestApp();

async function member(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.db.db, { emailConfirmedAt: new Date(), ...overrides });
  return { user, client: await t.clientAs(user.id) };
}

/** A seller, a buyer and the item the buyer bought from the seller. */
async function sale(overrides: { seller?: Parameters<typeof createUser>[1] } = {}) {
  const seller = await member(overrides.seller);
  const buyer = await member();
  const item = await createItem(t.db.db, seller.user.id, { purchaserId: buyer.user.id, priceSoldCents: 10_000 });
  return { seller, buyer, item };
}

const payload = (s: { seller: { user: { id: string } }; item: { id: string } }, overrides: Record<string, unknown> = {}) => ({
  sellerId: s.seller.user.id,
  itemId: s.item.id,
  description: 5,
  communication: 4,
  shipping: 3,
  comment: 'Great trade',
  ...overrides,
});

const storedRatings = () => t.db.db.select().from(sellerRatings);

describe('POST /api/user/feedback', () => {
  it('stores the buyer rating, trimmed, and answers it; the item then reads isSellerReviewed', async () => {
    const s = await sale();
    expect((await s.buyer.client.get(`/api/item/${s.item.id}`)).body.item.isSellerReviewed).toBe(false);

    const res = await s.buyer.client.post('/api/user/feedback', payload(s, { comment: '  Fast shipping, as described.  ' }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      _id: expect.any(String),
      sellerId: s.seller.user.id,
      itemId: s.item.id,
      description: 5,
      communication: 4,
      shipping: 3,
      comment: 'Fast shipping, as described.',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(await storedRatings()).toMatchObject([{ itemId: s.item.id, sellerId: s.seller.user.id, buyerId: s.buyer.user.id, comment: 'Fast shipping, as described.' }]);

    // Everyone sees the sale as reviewed: the buyer loses Leave Feedback.
    expect((await s.buyer.client.get(`/api/item/${s.item.id}`)).body.item.isSellerReviewed).toBe(true);
    expect((await (await t.client()).get(`/api/item/${s.item.id}`)).body.item.isSellerReviewed).toBe(true);
  });

  it('lets only the buyer rate: the seller, another user and a visitor are refused and nothing is stored', async () => {
    const s = await sale();
    const other = await member();
    const own = await s.seller.client.post('/api/user/feedback', payload(s));
    expect([own.status, own.body]).toEqual([403, { message: 'own_item' }]);
    const stranger = await other.client.post('/api/user/feedback', payload(s));
    expect([stranger.status, stranger.body]).toEqual([403, { message: 'forbidden' }]);
    const visitor = await (await t.client()).post('/api/user/feedback', payload(s));
    expect([visitor.status, visitor.body]).toEqual([401, { message: 'must login' }]);

    // An unsold item has no buyer to rate it; an unknown item is not_found.
    const unsold = await createItem(t.db.db, s.seller.user.id);
    const early = await other.client.post('/api/user/feedback', payload(s, { itemId: unsold.id }));
    expect([early.status, early.body]).toEqual([403, { message: 'forbidden' }]);
    const unknown = await s.buyer.client.post('/api/user/feedback', payload(s, { itemId: '00000000-0000-4000-8000-000000000000' }));
    expect([unknown.status, unknown.body]).toEqual([404, { message: 'not_found' }]);
    // sellerId must be the item's seller: the buyer cannot pin the rating on someone else (or on themselves).
    for (const sellerId of [other.user.id, s.buyer.user.id]) {
      const wrong = await s.buyer.client.post('/api/user/feedback', payload(s, { sellerId }));
      expect([wrong.status, wrong.body]).toEqual([400, { message: 'wrong_seller', field: 'sellerId' }]);
    }
    expect(await storedRatings()).toEqual([]);
  });

  it('takes one rating per item: a second attempt is already_rated and changes nothing', async () => {
    const s = await sale();
    expect((await s.buyer.client.post('/api/user/feedback', payload(s))).status).toBe(200);
    const again = await s.buyer.client.post('/api/user/feedback', payload(s, { description: 1, comment: 'changed my mind' }));
    expect([again.status, again.body]).toEqual([409, { message: 'already_rated' }]);
    expect(await storedRatings()).toMatchObject([{ description: 5, comment: 'Great trade' }]);
  });

  it('stores exactly one of five parallel submissions, the others answering already_rated', async () => {
    const s = await sale();
    const answers = await Promise.all(Array.from({ length: 5 }, (_, n) => s.buyer.client.post('/api/user/feedback', payload(s, { comment: `try ${n}` }))));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body).toEqual({ message: 'already_rated' });
    expect(await storedRatings()).toHaveLength(1);
  });

  it.each([
    ['description 0', { description: 0 }, 'invalid_score', 'description'],
    ['communication 6', { communication: 6 }, 'invalid_score', 'communication'],
    ['shipping 2.5', { shipping: 2.5 }, 'invalid_score', 'shipping'],
    ['a string score', { description: '4' }, 'invalid_score', 'description'],
    ['a null score', { shipping: null }, 'invalid_score', 'shipping'],
    ['a missing score', { communication: undefined }, 'field_required', 'communication'],
    ['a missing item', { itemId: undefined }, 'field_required', 'itemId'],
    ['a missing seller', { sellerId: undefined }, 'field_required', 'sellerId'],
    ['a malformed item id', { itemId: 'abc' }, 'not_found', 'itemId'],
    ['a comment that is not text', { comment: ['hi'] }, 'field_required', 'comment'],
    ['a comment over 1000 characters', { comment: 'x'.repeat(1001) }, 'too_long', 'comment'],
  ])('refuses %s with a clear code and stores nothing', async (_name, overrides, message, field) => {
    const s = await sale();
    const res = await s.buyer.client.post('/api/user/feedback', payload(s, overrides));
    expect([res.status, res.body]).toEqual([400, { message, field }]);
    expect(await storedRatings()).toEqual([]);
  });

  it('keeps a comment of 1000 characters once trimmed, and takes a rating without one', async () => {
    const s = await sale();
    const long = `  ${'y'.repeat(1000)}  `;
    expect((await s.buyer.client.post('/api/user/feedback', payload(s, { comment: long }))).body.comment).toBe('y'.repeat(1000));
    const s2 = await sale();
    const bare = await s2.buyer.client.post('/api/user/feedback', payload(s2, { comment: undefined }));
    expect([bare.status, bare.body.comment]).toEqual([200, '']);
  });

  it('mails the seller a link to their feedback page, unless their itemSell preference is off', async () => {
    const s = await sale({ seller: { username: 'MailedSeller' } });
    await s.buyer.client.post('/api/user/feedback', payload(s, { comment: 'Lovely board' }));
    const mails = (await readOutbox(t.config.outboxDir)).filter((m) => m.to.includes(s.seller.user.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`New feedback on your sale of ${s.item.name}`);
    expect(mails[0]!.text).toContain(`${s.buyer.user.username} left feedback`);
    expect(mails[0]!.text).toContain('Description 5/5');
    expect(mails[0]!.text).toContain('"Lovely board"');
    expect(mails[0]!.text).toContain(`${t.config.appUrl}/u/MailedSeller/rating`);

    const quiet = await sale({ seller: { emailPreferences: { ...DEFAULT_EMAIL_PREFERENCES, itemSell: false } } });
    expect((await quiet.buyer.client.post('/api/user/feedback', payload(quiet))).status).toBe(200);
    expect((await readOutbox(t.config.outboxDir)).filter((m) => m.to.includes(quiet.seller.user.email))).toEqual([]);
  });
});

describe('GET /api/user/:id/rating-avg and /api/user/:id/rating', () => {
  /** Three sales of one seller rated (5,1,2), (4,2,2), (3,3,5), a minute apart, the last newest. */
  async function ratedSeller() {
    const seller = await member({ username: 'RatedSeller' });
    const buyer = await member();
    const scores = [
      [5, 1, 2, 'first'],
      [4, 2, 2, 'second'],
      [3, 3, 5, 'third'],
    ] as const;
    const sold = [];
    for (const [n, [description, communication, shipping, comment]] of scores.entries()) {
      const item = await createItem(t.db.db, seller.user.id, { purchaserId: buyer.user.id, name: `Board ${n}` });
      await t.db.db.insert(sellerRatings).values({ itemId: item.id, sellerId: seller.user.id, buyerId: buyer.user.id, description, communication, shipping, comment, createdAt: new Date(Date.now() - (3 - n) * 60_000) });
      sold.push(item);
    }
    return { seller, buyer, sold };
  }

  it('answers exact averages, overall being their mean, by username (any case) or id', async () => {
    const { seller } = await ratedSeller();
    const anon = await t.client();
    const expected = { descAvg: 4, commAvg: 2, shipAvg: 3, overall: 3, count: 3 };
    for (const key of ['RatedSeller', 'ratedseller', seller.user.id]) {
      const res = await anon.get(`/api/user/${key}/rating-avg`);
      expect([res.status, res.body]).toEqual([200, expected]);
    }
    expect((await anon.get('/api/user/ratedseller/rating')).body).toMatchObject(expected);
  });

  it('lists the ratings newest first with their items, and Item Removed (null) once an item is removed', async () => {
    const { seller, sold } = await ratedSeller();
    await t.db.db.update(items).set({ removedAt: new Date() }).where(eq(items.id, sold[1]!.id));
    const res = await (await t.client()).get(`/api/user/${seller.user.username}/rating`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      _id: { username: 'RatedSeller' },
      descAvg: 4,
      commAvg: 2,
      shipAvg: 3,
      overall: 3,
      count: 3,
      ratings: [
        { _id: expect.any(String), description: 3, communication: 3, shipping: 5, comment: 'third', createdAt: expect.any(String), itemId: { _id: sold[2]!.id, name: 'Board 2', thumbnail: sold[2]!.thumbnail } },
        { _id: expect.any(String), description: 4, communication: 2, shipping: 2, comment: 'second', createdAt: expect.any(String), itemId: null },
        { _id: expect.any(String), description: 5, communication: 1, shipping: 2, comment: 'first', createdAt: expect.any(String), itemId: { _id: sold[0]!.id, name: 'Board 0', thumbnail: sold[0]!.thumbnail } },
      ],
    });
  });

  it('shows the meter (overall and count) on the profile and in the item page seller block', async () => {
    const { seller, sold } = await ratedSeller();
    const anon = await t.client();
    expect((await anon.get('/api/user/RatedSeller/profile')).body.rating).toEqual({ overall: 3, count: 3 });
    const listed = await createItem(t.db.db, seller.user.id);
    expect((await anon.get(`/api/item/${listed.id}`)).body.item.sellerId.rating).toEqual({ overall: 3, count: 3 });
    expect((await anon.get(`/api/item/${sold[0]!.id}`)).body.item.isSellerReviewed).toBe(true);
    expect((await anon.get(`/api/item/${listed.id}`)).body.item.isSellerReviewed).toBe(false);
    const fresh = await member();
    const unrated = await createItem(t.db.db, fresh.user.id);
    expect((await anon.get(`/api/item/${unrated.id}`)).body.item.sellerId.rating).toEqual({ overall: 0, count: 0 });
  });

  it('answers zeros for a seller without ratings, and not_found for an unknown or removed user', async () => {
    const quiet = await member();
    const anon = await t.client();
    expect((await anon.get(`/api/user/${quiet.user.username}/rating-avg`)).body).toEqual({ descAvg: 0, commAvg: 0, shipAvg: 0, overall: 0, count: 0 });
    expect((await anon.get(`/api/user/${quiet.user.username}/rating`)).body).toEqual({ _id: { username: quiet.user.username }, ratings: [], descAvg: 0, commAvg: 0, shipAvg: 0, overall: 0, count: 0 });

    const { seller } = await ratedSeller();
    await t.db.db.update(users).set({ removedAt: new Date() }).where(eq(users.id, seller.user.id));
    for (const path of ['nobody_here/rating-avg', 'nobody_here/rating', `${seller.user.id}/rating`, 'RatedSeller/rating-avg', '00000000-0000-4000-8000-000000000000/rating']) {
      const res = await anon.get(`/api/user/${path}`);
      expect([res.status, res.body]).toEqual([404, { message: 'not_found' }]);
    }
  });

  it(`pages by ${RATINGS_PAGE_SIZE} with ts and cursorId, ratings sharing a time neither skipped nor repeated`, async () => {
    const seller = await member();
    const buyer = await member();
    const at = new Date('2026-01-01T00:00:00.000Z');
    const total = RATINGS_PAGE_SIZE + 5;
    const sold = await t.db.db
      .insert(items)
      .values(Array.from({ length: total }, () => itemValues(seller.user.id, { purchaserId: buyer.user.id })))
      .returning({ id: items.id });
    await t.db.db.insert(sellerRatings).values(sold.map((item) => ({ itemId: item.id, sellerId: seller.user.id, buyerId: buyer.user.id, description: 4, communication: 4, shipping: 4, createdAt: at })));
    const anon = await t.client();
    const first = (await anon.get(`/api/user/${seller.user.id}/rating`)).body;
    expect(first.ratings).toHaveLength(RATINGS_PAGE_SIZE);
    expect(first.count).toBe(total);
    const last = first.ratings.at(-1);
    const second = (await anon.get(`/api/user/${seller.user.id}/rating?${new URLSearchParams({ ts: last.createdAt, cursorId: last._id })}`)).body;
    expect(second.ratings).toHaveLength(5);
    const ids = [...first.ratings, ...second.ratings].map((r: { _id: string }) => r._id);
    expect(new Set(ids).size).toBe(total);
    const bad = await anon.get(`/api/user/${seller.user.id}/rating?ts=yesterday`);
    expect([bad.status, bad.body]).toEqual([400, { message: 'invalid_cursor', field: 'ts' }]);
  });
});

describe('the ratings page query', () => {
  it('reads one seller\'s ratings newest first through seller_ratings_seller_idx (both drivers)', async () => {
    const sellers = await Promise.all(Array.from({ length: 20 }, () => createUser(t.db.db)));
    const buyer = await createUser(t.db.db);
    for (let chunk = 0; chunk < 1200; chunk += 400) {
      const sold = await t.db.db
        .insert(items)
        .values(Array.from({ length: 400 }, (_, j) => itemValues(sellers[(chunk + j) % sellers.length]!.id, { purchaserId: buyer.id })))
        .returning({ id: items.id, sellerId: items.sellerId });
      await t.db.db.insert(sellerRatings).values(sold.map((item, j) => ({ itemId: item.id, sellerId: item.sellerId, buyerId: buyer.id, description: 1 + (j % 5), communication: 3, shipping: 4, createdAt: new Date(Date.now() - (chunk + j) * 60_000) })));
    }
    await t.db.db.execute(sql`analyze`);
    const query = repo.ratingsPage(t.db.db, sellers[0]!.id, { ts: new Date().toISOString(), id: '00000000-0000-4000-8000-000000000000' }, RATINGS_PAGE_SIZE);
    const result = (await t.db.db.execute(sql`explain ${query}`)) as unknown as { rows: Array<Record<string, string>> };
    const plan = result.rows.map((r) => Object.values(r)[0]).join('\n');
    expect(plan).toContain('seller_ratings_seller_idx');
    expect(plan).not.toMatch(/Seq Scan on seller_ratings\b/);
  });
});
