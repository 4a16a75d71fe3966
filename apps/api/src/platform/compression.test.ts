import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { createUser, itemValues } from '../test/factories';
import { items } from '../db/schema/index';

const t = useTestApp();

/**
 * A full first page of the feed (36 listings): about 20 KB of JSON. Each listed at its own time: listings that
 * share one all land on the same page (a page never ends inside a tie of the spec's cursor).
 */
async function fullFeedPage() {
  const seller = await createUser(t.db.db);
  await t.db.db.insert(items).values(Array.from({ length: 40 }, (_, i) => itemValues(seller.id, { timeListed: new Date(Date.now() - i * 1000) })));
}

describe('JSON compression', () => {
  it('gzips a large list for a client that accepts gzip, with the same JSON inside', async () => {
    await fullFeedPage();
    const plain = await supertest(t.app).get('/api/items').unset('Accept-Encoding');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBeGreaterThan(10_000);

    const gzipped = await supertest(t.app).get('/api/items').set('Accept-Encoding', 'gzip');
    expect(gzipped.status).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(gzipped.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(gzipped.body).toEqual(plain.body);
  });

  it('answers brotli to a browser that accepts it', async () => {
    await fullFeedPage();
    const res = await supertest(t.app).get('/api/items').set('Accept-Encoding', 'gzip, deflate, br, zstd');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body).toHaveLength(36);
  });

  it('leaves small answers (under 1 KB) alone: compressing them costs more than it saves', async () => {
    const res = await supertest(t.app).get('/api/health').set('Accept-Encoding', 'gzip, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toEqual({ ok: true });
  });
});
