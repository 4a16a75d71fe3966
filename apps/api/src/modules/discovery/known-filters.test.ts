import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { createItem, createUser } from '../../test/factories';
import { statementsDuring } from '../../test/statements';

/**
 * Issue 37 (found while measuring rare filters): `saleType=<anything but individual or vendor>` made PostgreSQL
 * estimate one matching row and read the whole listings table in parallel, 0.85 s at 1,000,000 listings, for any
 * visitor. A category, region or sale type no listing can hold now matches nothing without a query.
 */
const t = useTestApp();
const idsOf = (body: unknown) => (body as Array<{ _id: string }>).map((c) => c._id);

describe('list filters outside the reference data', () => {
  it('an unknown sale type, category or region lists nothing, and sends no query for the page', async () => {
    const seller = await createUser(t.db.db);
    await createItem(t.db.db, seller.id, { categoryId: 'keycaps', saleTypeId: 'vendor' });
    const client = await t.client();
    for (const query of ['categoryIds=keycaps&saleType=auction', 'categoryIds=nosuch', 'regions=XX', 'categoryIds=keycaps&regions=nowhere&saleType=vendor']) {
      const { result, texts } = await statementsDuring(t.db.db, () => client.get(`/api/items?${query}`));
      expect([result.status, result.body], query).toEqual([200, []]);
      expect(texts.filter((text) => /\bitems\b/.test(text)), query).toEqual([]);
    }
  });

  it('a known value beside an unknown one lists what the known one lists', async () => {
    const seller = await createUser(t.db.db);
    const vendor = await createItem(t.db.db, seller.id, { categoryId: 'keycaps', saleTypeId: 'vendor' });
    await createItem(t.db.db, seller.id, { categoryId: 'keyboards', saleTypeId: 'individual' });
    const client = await t.client();
    expect(idsOf((await client.get('/api/items?categoryIds=keycaps,nosuch')).body)).toEqual([vendor.id]);
    expect(idsOf((await client.get('/api/items?categoryIds=keycaps&saleType=vendor&regions=US,XX')).body)).toEqual([vendor.id]);
  });

  it('the facets and the price history of an unknown sale type count nothing', async () => {
    const seller = await createUser(t.db.db);
    await createItem(t.db.db, seller.id, { categoryId: 'keyboards', saleTypeId: 'vendor', specTags: ['size:65%'] });
    const client = await t.client();
    const facets = await client.get('/api/items/facets?categoryIds=keyboards&saleType=auction');
    expect(facets.status).toBe(200);
    const counts = Object.values(facets.body as Record<string, Record<string, number>>).flatMap((values) => Object.values(values));
    expect(counts.length).toBeGreaterThan(0);
    expect(counts.every((n) => n === 0)).toBe(true);
    const known = await client.get('/api/items/facets?categoryIds=keyboards&saleType=vendor');
    expect((known.body as Record<string, Record<string, number>>).size?.['65%']).toBe(1);
    const history = await client.get('/api/items/price-history?categoryIds=keyboards&saleType=auction');
    expect([history.status, (history.body as { count: number }).count]).toEqual([200, 0]);
  });
});
