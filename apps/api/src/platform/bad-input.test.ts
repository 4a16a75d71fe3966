import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { createItem, createUser, listingInput } from '../test/factories';
import { userTablesChecksum } from '../test/checksum';

// The inputs an outside review found answering 500 (issue 12, section 4): each must be a 4xx with a code and
// change nothing.
const t = useTestApp();

async function signedIn() {
  const user = await createUser(t.db.db, { emailConfirmedAt: new Date(), phoneVerifiedAt: new Date() });
  return { user, client: await t.clientAs(user.id) };
}

const listing = (userId: string) => listingInput(userId);

/** A refusal: 4xx, a code in `message`, and the user tables as they were. */
async function expectRefused(send: () => PromiseLike<{ status: number; body: unknown }>, code?: string) {
  const before = await userTablesChecksum(t.db.db);
  const res = await send();
  expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  expect(res.body).toMatchObject({ message: code ?? expect.any(String) });
  expect(await userTablesChecksum(t.db.db)).toBe(before);
  return res;
}

describe('NUL bytes (PostgreSQL refuses 0x00 in text)', () => {
  it('in a search', async () => {
    const client = await t.client();
    await expectRefused(() => client.get('/api/items?searchText=a%00b'), 'invalid_characters');
    await expectRefused(() => client.post('/api/searchItems', { searchText: 'a\u0000b' }), 'invalid_characters');
  });
  it('in a username in a path', async () => {
    const { client } = await signedIn();
    for (const path of ['profile', 'followers', 'following']) await expectRefused(() => client.get(`/api/user/a%00b/${path}`), 'invalid_characters');
    await expectRefused(() => client.post('/api/user/a%00b/follow'), 'invalid_characters');
    await expectRefused(() => client.post('/api/user/a%00b/is-following'), 'invalid_characters');
  });
  it('at login, sign-up and contact', async () => {
    const client = await t.client();
    await expectRefused(() => client.post('/api/login', { username: 'a\u0000b', password: 'whatever1' }), 'invalid_characters');
    await expectRefused(() => client.post('/api/signup', { username: 'abc', password: 'password1', email: 'a\u0000@b.co', shippingRegion: 'US' }), 'invalid_characters');
    await expectRefused(() => client.post('/api/contact', { email: 'a@b.co', reason: 'Bug', message: 'x\u0000y' }), 'invalid_characters');
    await expectRefused(() => client.post('/api/password/forgot', { email: 'a\u0000@b.co' }), 'invalid_characters');
  });
  it('in listing fields, comments and the bio', async () => {
    const { user, client } = await signedIn();
    await expectRefused(() => client.post('/api/item', { ...listing(user.id), name: 'GMK\u0000' }), 'invalid_characters');
    await expectRefused(() => client.post('/api/item', { ...listing(user.id), description: 'x\u0000' }), 'invalid_characters');
    const item = await createItem(t.db.db, user.id);
    await expectRefused(() => client.put(`/api/item/${item.id}`, { ...listing(user.id), name: 'GMK\u0000' }), 'invalid_characters');
    await expectRefused(() => client.post(`/api/item/${item.id}/comment`, { body: 'hi\u0000' }), 'invalid_characters');
    await expectRefused(() => client.post('/api/me/account', { username: user.username, shippingRegion: 'US', bio: 'me\u0000' }), 'invalid_characters');
  });
  it('in an object key', async () => {
    const { client } = await signedIn();
    await expectRefused(() => client.post('/api/login', { 'user\u0000name': 'x', password: 'y' }), 'invalid_characters');
  });
});

describe('numbers and dates beyond what the columns hold', () => {
  it('a price from 21,474,837 up on create and edit', async () => {
    const { user, client } = await signedIn();
    for (const price of ['21474837', '99999999', 99_999_999, '1000001']) {
      await expectRefused(() => client.post('/api/item', { ...listing(user.id), price }), 'price_too_high');
    }
    await expectRefused(() => client.post('/api/item', { ...listing(user.id), shippingPrices: [{ code: 'US', price: '99999999' }] }), 'shipping_price');
    const item = await createItem(t.db.db, user.id);
    await expectRefused(() => client.put(`/api/item/${item.id}`, { ...listing(user.id), price: '99999999' }), 'price_too_high');
  });
  it('huge price and likes cursors', async () => {
    const client = await t.client();
    for (const query of ['sort=low&price=1e300', 'sort=high&price=99999999999', 'sort=rate&likes=99999999999']) {
      await expectRefused(() => client.get(`/api/items?${query}`), 'invalid_cursor');
    }
  });
  it('year-0000 and year-275760 timestamps', async () => {
    const { user, client } = await signedIn();
    for (const ts of ['0000-01-01T00:00:00Z', '275760-09-13T00:00:00Z', '+275760-09-13T00:00:00.000Z', '9999-12-31T23:59:60Z']) {
      const q = `ts=${encodeURIComponent(ts)}`;
      await expectRefused(() => client.get(`/api/items?${q}`), 'invalid_cursor');
      await expectRefused(() => client.get(`/api/me/items/saved?${q}`), 'invalid_cursor');
      await expectRefused(() => client.get(`/api/user/${user.username}/followers?${q}`), 'invalid_cursor');
    }
  });
  it('year-0000 and year-275760 in the approval queue cursor', async () => {
    const admin = await createUser(t.db.db, { isAdmin: true });
    const client = await t.clientAs(admin.id);
    for (const ts of ['0000-01-01T00:00:00Z', '275760-09-13T00:00:00Z']) {
      await expectRefused(() => client.get(`/api/items/approval?ts=${encodeURIComponent(ts)}`), 'invalid_cursor');
    }
  });
});

describe('broken multipart uploads', () => {
  const cases: Array<[string, string, string]> = [
    ['no boundary', 'multipart/form-data', '--x\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nabc\r\n--x--\r\n'],
    ['a bad boundary', 'multipart/form-data; boundary=nope', '--x\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nabc\r\n--x--\r\n'],
    ['an unterminated part', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nabc'],
    ['a NUL in the file name', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="file"; filename="a\u0000.jpg"\r\n\r\nabc\r\n--x--\r\n'],
  ];
  it.each(cases)('%s', async (_label, contentType, body) => {
    const { client } = await signedIn();
    for (const url of ['/api/img/upload', '/api/me/avatar']) {
      await expectRefused(() =>
        supertest(t.app).post(url).set('Cookie', client.cookie).set('X-XSRF-TOKEN', client.xsrf).set('Content-Type', contentType).send(Buffer.from(body, 'latin1')),
      );
    }
  });
});
