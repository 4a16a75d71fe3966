import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { createItem, createUser } from '../test/factories';

const t = useTestApp();

describe('viewer-specific answers are never stored by a cache', () => {
  it.each([
    ['get', '/api/me/items/listed'],
    ['get', '/api/me/items/sold'],
    ['get', '/api/me/items/purchased'],
    ['get', '/api/me/items/saved'],
    ['get', '/api/me/items/followed'],
    ['get', '/api/user/seller_one/profile'],
    ['post', '/api/user/seller_one/is-following'],
    ['get', '/api/user/seller_one/followers'],
    ['get', '/api/user/seller_one/following'],
    ['get', '/api/user/SELLER_ID/items/listed'],
    ['get', '/api/items'],
    ['post', '/api/searchItems'],
    ['get', '/api/me/logged-in'],
  ] as const)('%s %s answers Cache-Control: no-store, signed in and out', async (method, url) => {
    const seller = await createUser(t.db.db, { username: 'seller_one' });
    await createItem(t.db.db, seller.id);
    const viewer = await createUser(t.db.db, { username: 'viewer' });
    const path = url.replace('SELLER_ID', seller.id);
    for (const client of [await t.clientAs(viewer.id), await t.client()]) {
      const res = await client[method](path);
      expect(res.status).toBeLessThan(500);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('keeps the public cache of data that is the same for everyone', async () => {
    const res = await (await t.client()).get('/api/categories');
    expect(res.headers['cache-control']).toBe('private, max-age=300');
  });
});
