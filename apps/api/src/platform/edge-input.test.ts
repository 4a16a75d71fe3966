import { randomUUID } from 'node:crypto';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { userTablesChecksum } from '../test/checksum';
import { createItem, createUser, listingInput } from '../test/factories';
import { member, orderRow, paidOrder, SAMPLE_ADDRESS } from '../test/orders';
import { isUnstorableDate } from './input-guard';

/**
 * Issue 36, probe finding 6: input that no statement can hold answered 500. Each is now a 400 at the edge, for
 * every route at once (input-guard.ts, which the route table puts in front of every handler), and the one lookup
 * that let an object-key name through is fixed at its cause.
 */
const t = useTestApp();

/** A refusal: the status and code, and the user tables as they were. */
async function expectRefused(send: () => PromiseLike<{ status: number; body: unknown }>, code: string) {
  const before = await userTablesChecksum(t.db.db);
  const res = await send();
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ message: code });
  expect(res.status).toBe(400);
  expect(await userTablesChecksum(t.db.db)).toBe(before);
  return res;
}

/** A JSON body sent as written: `\ud800` stays an escape that JSON.parse turns into a lone surrogate. */
const rawJson = (client: { cookie: string; xsrf: string }, method: 'post' | 'put', url: string, json: string) =>
  supertest(t.app)[method](url).set('Cookie', client.cookie).set('X-XSRF-TOKEN', client.xsrf).set('Content-Type', 'application/json').send(json);

describe('year-0000 cursors (PostgreSQL has no year 0)', () => {
  const cursor = (year: string) => encodeURIComponent(`${year}-01-01T00:00:00.000Z_${randomUUID()}`);

  it('answer 400 invalid_cursor on the trades, orders and problems lists; year 0001 still reads', async () => {
    const admin = await createUser(t.db.db, { isAdmin: true });
    const client = await t.clientAs(admin.id);
    for (const path of ['/api/me/trades?role=received&', '/api/me/orders?role=bought&', '/api/admin/problems?']) {
      await expectRefused(() => client.get(`${path}cursor=${cursor('0000')}`), 'invalid_cursor');
      expect((await client.get(`${path}cursor=${cursor('0001')}`)).status, path).toBe(200);
    }
  });

  it('answer 400 invalid_cursor in a conversation page key', async () => {
    const { user } = await member(t);
    const other = await member(t);
    const opened = await other.client.post('/api/conversation', { userId: user.id });
    expect(opened.status).toBe(200);
    const id = String(opened.body._id ?? opened.body.conversationId ?? opened.body.id);
    const lastKey = Buffer.from(`0000-01-01T00:00:00.000Z|${randomUUID()}`).toString('base64url');
    await expectRefused(() => other.client.post(`/api/message/${id}`, { lastKey }), 'invalid_cursor');
  });

  it('any other whole date-time no column holds is refused at the edge, in a query or a body', async () => {
    const { client } = await member(t);
    await expectRefused(() => client.get(`/api/me/offers/received?ts=${encodeURIComponent('0000-06-01T00:00:00Z')}&cursorId=${randomUUID()}`), 'invalid_cursor');
    const res = await expectRefused(() => client.put('/api/me/away', { until: '0000-12-24T00:00:00.000Z' }), 'invalid_date');
    expect(res.body).toMatchObject({ field: 'until' });
  });
});

describe('isUnstorableDate', () => {
  it('judges whole ISO date-times (and time_id cursors) only', () => {
    const unstorable = ['0000-01-01T00:00:00.000Z', `0000-01-01T00:00:00.000Z_${randomUUID()}`, '+275760-09-13T00:00:00.000Z', '-000001-01-01T00:00:00Z',
      '10000-01-01T00:00:00Z', '2026-13-01T00:00:00Z', '2024-02-30T00:00:00Z', '2023-02-29T00:00Z', '2026-01-01T24:00:00Z', '9999-12-31T23:59:60Z', '1970-01-01T00:00:00+99:99'];
    const fine = ['0001-01-01T00:00:00.000Z', '2024-02-29T12:30:00+02:00', '9999-12-31T23:59:59.999Z', `2026-11-21T12:39:30.210Z_${randomUUID()}`,
      '0000-01-01', '2026-13-45', 'the 0000-01-01T00:00:00Z sale', 'gmk olivia', ''];
    expect(unstorable.filter((text) => !isUnstorableDate(text))).toEqual([]);
    expect(fine.filter(isUnstorableDate)).toEqual([]);
  });
});

describe('lone surrogates (no UTF-8 text holds one)', () => {
  it('in a body string: 400 invalid_characters on the routes the probe found answering 500', async () => {
    const { user, client } = await member(t, { phoneVerifiedAt: new Date() });
    const item = await createItem(t.db.db, user.id);
    const orderId = randomUUID();
    const S = '\\ud800';
    const sends: Array<[string, 'post' | 'put', string, string]> = [
      ['address', 'put', '/api/me/address', JSON.stringify({ ...SAMPLE_ADDRESS, name: 'Bea' }).replace('Bea', `Bea${S}`)],
      ['carrier', 'post', `/api/order/${orderId}/ship`, `{"carrier":"x${S}"}`],
      ['problem', 'post', `/api/order/${orderId}/problem`, `{"reason":"other","details":"${S}"}`],
      ['artisan spec', 'post', '/api/item', JSON.stringify(listingInput(user.id, { categoryId: 'artisan', specs: { maker: 'QWERTYKEYS' } })).replace('QWERTYKEYS', S)],
      ['want spec', 'post', '/api/me/wants', `{"categoryIds":["artisan"],"specs":{"maker":"${S}"}}`],
      ['comment', 'post', `/api/item/${item.id}/comment`, `{"body":"hi ${S}"}`],
      ['blog comment', 'post', '/api/blog/comment', `{"blogId":"${randomUUID()}","body":"${S}x"}`],
      ['contact', 'post', '/api/contact', `{"email":"a@b.co","reason":"Bug","message":"${S}"}`],
      ['low surrogate', 'post', '/api/contact', `{"email":"a@b.co","reason":"Bug","message":"\\udc00 then a pair \\ud83d\\ude00"}`],
    ];
    for (const [label, method, url, json] of sends) {
      const res = await expectRefused(() => rawJson(client, method, url, json), 'invalid_characters');
      expect(res.status, label).toBe(400);
    }
  });

  it('in a key, and a well-formed pair passes', async () => {
    const { client } = await member(t);
    await expectRefused(() => rawJson(client, 'post', '/api/contact', '{"email":"a@b.co","reason":"Bug","message":"x","\\udbff":1}'), 'invalid_characters');
    const ok = await rawJson(client, 'post', '/api/contact', '{"email":"a@b.co","reason":"Bug","message":"thanks \\ud83d\\ude00"}');
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });
});

describe('object-key names', () => {
  it("__proto__, constructor and prototype as a body's keys, at any depth: 400 invalid_key naming the key", async () => {
    const { user, client } = await member(t);
    const bodies: Array<[string, string]> = [
      ['{"__proto__":{"isAdmin":true},"email":"a@b.co","reason":"Bug","message":"x"}', '__proto__'],
      ['{"constructor":{"prototype":{"x":1}},"email":"a@b.co","reason":"Bug","message":"x"}', 'constructor'],
      ['{"email":"a@b.co","reason":"Bug","message":"x","extra":[{"prototype":1}]}', 'extra.0.prototype'],
    ];
    for (const [json, field] of bodies) {
      const res = await expectRefused(() => rawJson(client, 'post', '/api/contact', json), 'invalid_key');
      expect(res.body).toEqual({ message: 'invalid_key', field });
    }
    const listing = JSON.stringify(listingInput(user.id, { categoryId: 'artisan', specs: { maker: 'x' } })).replace('"maker"', '"constructor"');
    await expectRefused(() => rawJson(client, 'post', '/api/item', listing), 'invalid_key');
  });

  it('as a category: the facets, the feed and a listing answer as for any unknown category (the facets answered 500)', async () => {
    const { user, client } = await member(t, { phoneVerifiedAt: new Date() });
    for (const category of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const facets = await client.get(`/api/items/facets?categoryIds=${category}`);
      expect(facets.status, `${category}: ${JSON.stringify(facets.body)}`).toBe(200);
      expect(Object.keys(facets.body)).toEqual(['condition']);
      expect((await client.get(`/api/items?categoryIds=${category}&condition=used`)).status).toBe(200);
      const listed = await client.post('/api/item', listingInput(user.id, { categoryId: category, specs: { maker: 'x' } }));
      expect(listed.status, `${category}: ${JSON.stringify(listed.body)}`).toBeLessThan(500);
    }
  });

  it('as a carrier: stored as the text it is (it answered 500, and constructor was stored as a function)', async () => {
    for (const carrier of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const { seller, orderId } = await paidOrder(t);
      const res = await seller.client.post(`/api/order/${orderId}/ship`, { carrier, trackingNumber: '9400111899223197428490' });
      expect(res.status, `${carrier}: ${JSON.stringify(res.body)}`).toBe(200);
      expect((await orderRow(t, orderId)).trackingCarrier).toBe(carrier.toLowerCase());
      const view = await seller.client.get(`/api/order/${orderId}`);
      expect(view.body.tracking).toMatchObject({ carrier: carrier.toLowerCase(), url: null });
    }
  });
});
