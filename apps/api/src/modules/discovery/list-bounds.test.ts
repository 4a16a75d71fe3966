import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIST_FILTER_LIMITS, specTags, type ItemSpecs } from '@keeb/shared';
import { useTestApp } from '../../test/app';
import { createItem, createUser } from '../../test/factories';
import { statementsDuring } from '../../test/statements';

/**
 * Issue 36, probe findings 1 and 2: list-valued filters are bounded at the edge. `quantity=1,...,3000` on the facets
 * took 350-660 ms (each value repeated inside every per-value count) and `maker=m0,...,m2499` answered 500 (more
 * bound values than a statement holds). Both now answer 400 naming the field, before any database work; the
 * largest query the filters modal can send still answers.
 */
const t = useTestApp();

const range = (n: number, of: (i: number) => string) => Array.from({ length: n }, (_, i) => of(i)).join(',');
const QUANTITIES = range(3000, (i) => String(i + 1));
const MAKERS = range(2500, (i) => `m${i}`);

afterEach(() => vi.restoreAllMocks());

describe('list filters bounded at the edge (issue 36)', () => {
  it('3,000 quantities on the facets and the feed: 400 too_many_values naming the field, no statement sent', async () => {
    const client = await t.client();
    for (const path of ['/api/items/facets', '/api/items']) {
      const { result, statements } = await statementsDuring(t.db.db, () => client.get(`${path}?categoryIds=parts&quantity=${QUANTITIES}`));
      expect(result.status, path).toBe(400);
      expect(result.body).toEqual({ message: 'too_many_values', field: 'quantity', max: LIST_FILTER_LIMITS.valuesPerKey });
      expect(statements, path).toBe(0);
    }
  });

  it('2,500 makers (more values than a statement binds): 400, not 500, on every list route taking the filters', async () => {
    const member = await createUser(t.db.db, { username: 'bounds_member' });
    const signedIn = await t.clientAs(member.id);
    const anon = await t.client();
    const qs = `categoryIds=keycaps&maker=${MAKERS}`;
    const sends = [
      () => anon.get(`/api/items/facets?${qs}`),
      () => anon.get(`/api/items?${qs}`),
      () => anon.get(`/api/user/bounds_member/items/listed?${qs}`),
      () => anon.post('/api/searchItems', { categoryIds: 'keycaps', maker: MAKERS }),
      () => signedIn.get(`/api/me/items/listed?${qs}`),
      () => signedIn.get(`/api/me/items/saved?${qs}`),
    ];
    for (const send of sends) {
      const res = await send();
      expect(res.body).toEqual({ message: 'too_many_values', field: 'maker', max: LIST_FILTER_LIMITS.valuesPerKey });
      expect(res.status).toBe(400);
    }
  });

  it('categories and regions: too many, or one too long, name their field (the feed and the price history)', async () => {
    const client = await t.client();
    const many = range(LIST_FILTER_LIMITS.valuesPerKey + 1, (i) => `c${i}`);
    for (const path of ['/api/items', '/api/items/facets', '/api/items/price-history']) {
      expect((await client.get(`${path}?categoryIds=${many}`)).body).toEqual({ message: 'too_many_values', field: 'categoryIds', max: LIST_FILTER_LIMITS.valuesPerKey });
      expect((await client.get(`${path}?regions=${many}`)).body).toEqual({ message: 'too_many_values', field: 'regions', max: LIST_FILTER_LIMITS.valuesPerKey });
      const long = 'x'.repeat(LIST_FILTER_LIMITS.valueLength + 1);
      expect((await client.get(`${path}?regions=US,${long}`)).body).toEqual({ message: 'too_long', field: 'regions', max: LIST_FILTER_LIMITS.valueLength });
    }
    // A spec value one character over the longest one a text spec holds.
    const maker = 'm'.repeat(LIST_FILTER_LIMITS.valueLength + 1);
    expect((await client.get(`/api/items/facets?categoryIds=keycaps&maker=${maker}`)).body).toEqual({ message: 'too_long', field: 'maker', max: LIST_FILTER_LIMITS.valueLength });
  });

  it('the whole query has a length: each key within its bounds, all of them together past it', async () => {
    const client = await t.client();
    const full = range(LIST_FILTER_LIMITS.valuesPerKey, (i) => `${i}`.padEnd(LIST_FILTER_LIMITS.valueLength, 'x'));
    const res = await client.get(`/api/items/facets?categoryIds=artisan&maker=${full}&sculpt=${full}&colorway=${full}&condition=${full}&regions=${full}`);
    expect(res.body).toEqual({ message: 'query_too_long', max: LIST_FILTER_LIMITS.queryLength });
    expect(res.status).toBe(400);
    // The feed's search text is as long as the search box takes (200).
    expect((await client.get(`/api/items?searchText=${'a'.repeat(201)}`)).body).toMatchObject({ message: 'too_long', field: 'searchText' });
  });

  it('the largest query the filters modal sends still answers: every value of the longest list, a full key of counts', async () => {
    const seller = await createUser(t.db.db);
    const specs: ItemSpecs = { kind: 'switches', quantity: 70, lubed: true };
    await createItem(t.db.db, seller.id, { categoryId: 'parts', specs, specTags: specTags(specs) });
    const client = await t.client();
    const quantities = range(LIST_FILTER_LIMITS.valuesPerKey, (i) => String(i * 10 + 10));
    const kinds = 'switches,stabilizers,pcb,plate,case,foam,springs,other';
    const facets = await client.get(`/api/items/facets?categoryIds=parts&quantity=${quantities}&kind=${kinds}&lubed=true,false`);
    expect(facets.status, JSON.stringify(facets.body)).toBe(200);
    expect(facets.body.kind).toMatchObject({ switches: 1 });
    const feed = await client.get(`/api/items?categoryIds=parts&quantity=${quantities}&kind=${kinds}`);
    expect(feed.status).toBe(200);
    expect(feed.body).toHaveLength(1);
    const sizes = '40%25,60%25,65%25,75%25,tkl,1800,full,alice%2Fergonomic,split,numpad';
    expect((await client.get(`/api/items/facets?categoryIds=keyboards&size=${sizes}`)).status).toBe(200);
  });
});
