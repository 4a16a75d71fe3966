import express from 'express';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { xsrfTokens } from '../../platform/xsrf';
import { useTestApp } from '../../test/app';
import { createItem, createItems, createUser } from '../../test/factories';
import { createKeptPages, keptPagesDoor } from './kept-pages-door';

describe('keptPagesDoor', () => {
  const tokens = xsrfTokens('a-secret-of-at-least-thirty-two-characters');
  const valid = `XSRF-TOKEN=${tokens.issue('')}`;
  /** The door in front of a stand-in for the rest of the API, which says it was reached. */
  async function doorApp(ttlMs = 60_000) {
    const pages = createKeptPages(ttlMs);
    const app = express();
    app.use(keptPagesDoor(pages, tokens));
    app.all(/.*/, (_req, res) => void res.send('the whole path'));
    // What the route does on a kept answer: read it (here a page of its own) and remember the request's URL.
    await pages.home.answer({}, () => Promise.resolve([{ _id: 'a' }]), '/api/items');
    return supertest(app);
  }

  it('sends the kept answer to a signed-out visitor holding a token of this server, at the URL the route answered', async () => {
    const http = await doorApp();
    const kept = await http.get('/api/items').set('Cookie', `other=1; ${valid}`);
    expect([kept.status, kept.headers['content-type'], kept.headers['cache-control'], kept.text]).toEqual([
      200, 'application/json; charset=utf-8', 'no-store', '[{"_id":"a"}]',
    ]);
  });

  it('lets everything else through: other URLs and methods, a session cookie, a missing or forged token', async () => {
    const http = await doorApp();
    const through = await Promise.all([
      http.get('/api/items?sort=low').set('Cookie', valid),
      http.get('/api/items/').set('Cookie', valid),
      http.post('/api/items').set('Cookie', valid),
      http.get('/api/items').set('Cookie', `sid=s%3Aanything; ${valid}`),
      http.get('/api/items'),
      http.get('/api/items').set('Cookie', `XSRF-TOKEN=${tokens.issue('another-session')}`),
      http.get('/api/items').set('Cookie', 'XSRF-TOKEN=made.up'),
    ]);
    expect(through.map((res) => res.text)).toEqual(Array(7).fill('the whole path'));
  });

  it('keeps an answer no longer than the time to live', async () => {
    const http = await doorApp(50);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect((await http.get('/api/items').set('Cookie', valid)).text).toBe('the whole path');
  });
});

describe('GET /api/items at the door, in the whole app', () => {
  const t = useTestApp({ FIRST_PAGE_CACHE_MS: '60000' });
  const varying = new Set(['date', 'x-request-id', 'set-cookie']);
  const headersOf = (res: { headers: Record<string, unknown> }) => Object.fromEntries(Object.entries(res.headers).filter(([name]) => !varying.has(name)));

  it('answers as the whole path does: the same headers and body, in the encoding the client accepts', async () => {
    const seller = await createUser(t.db.db);
    // Enough cards for an answer past the 1 KB under which nothing is compressed.
    const listed = await createItems(t.db.db, seller.id, 6, (i) => ({ name: `Kept at the door ${i}`, timeListed: new Date(Date.now() - i * 1000) }));
    // A first visit has no token yet: the whole path reads the page, keeps it and issues the token.
    const visitor = await t.client();
    const whole = await visitor.get('/api/items');
    const door = await visitor.get('/api/items');
    expect(whole.body.map((i: { _id: string }) => i._id)).toEqual(listed);
    expect(whole.text.length).toBeGreaterThan(1024);
    expect([door.status, door.text]).toEqual([200, whole.text]);
    expect(headersOf(door)).toEqual(headersOf(whole));

    // A browser's encodings: the kept copy, made once, is smaller and decodes (supertest decodes it) to the same JSON.
    const br = await visitor.get('/api/items').set('Accept-Encoding', 'gzip, deflate, br, zstd');
    const gzip = await visitor.get('/api/items').set('Accept-Encoding', 'gzip');
    expect([br.headers['content-encoding'], br.headers.vary, gzip.headers['content-encoding']]).toEqual(['br', 'Accept-Encoding', 'gzip']);
    for (const res of [br, gzip]) {
      expect(Number(res.headers['content-length'])).toBeLessThan(whole.text.length / 2);
      expect(res.text).toBe(whole.text);
    }
  });

  it('serves a member the page fresh, with their own listing, while visitors see the kept one', async () => {
    const seller = await createUser(t.db.db);
    const visitor = await t.client();
    // Another sort than the test above's page (the app, and its kept pages, are the file's).
    await visitor.get('/api/items?sort=old');
    const listed = await createItem(t.db.db, seller.id);
    expect((await visitor.get('/api/items?sort=old')).body).toEqual([]);
    const member = await t.clientAs(seller.id);
    expect((await member.get('/api/items?sort=old')).body.map((i: { _id: string }) => i._id)).toEqual([listed.id]);
  });
});
