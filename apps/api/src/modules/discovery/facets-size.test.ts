import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { ItemListQuerySchema, LIST_FILTER_LIMITS, type ItemListQuery } from '@keeb/shared';
import { facetFieldsOf, facetsStatement } from './facets';
import { listOptionsFor } from './service';

/**
 * Issue 36, probe finding 1: each value of a filter was repeated inside every per-value count of the facets
 * statement (3,000 quantities x 21 counted values: 63,000 bound values, 350-660 ms to parse and plan). A key's values
 * now travel as one array, bound once per count: the statement and its number of bound values are the same for one
 * two values as for the most a key may have (one value is a
 * condition of another form: the listing holds all the single values). No database: the statement as drizzle renders it.
 */
const dialect = new PgDialect();
const rendered = (query: Record<string, string>) => {
  const options = listOptionsFor({ kind: 'public' }, ItemListQuerySchema.parse(query) as ItemListQuery);
  return dialect.sqlToQuery(facetsStatement(options, facetFieldsOf(options.categoryIds ?? [])));
};
const values = (n: number, of: (i: number) => string) => Array.from({ length: n }, (_, i) => of(i)).join(',');
const MAX = LIST_FILTER_LIMITS.valuesPerKey;

describe('the facets statement does not grow with the values asked for', () => {
  it.each([
    ['a count spec (live count)', { categoryIds: 'parts', quantity: '1,2' }, { categoryIds: 'parts', quantity: values(MAX, (i) => String(i + 1)) }],
    ['a text spec (live count)', { categoryIds: 'keycaps', maker: 'm0,m1' }, { categoryIds: 'keycaps', maker: values(MAX, (i) => `m${i}`) }],
    ['regions and a choice spec (live count)', { categoryIds: 'keyboards', regions: 'US,EU', size: '65%,75%' }, { categoryIds: 'keyboards', regions: values(7, (i) => `R${i}`), size: '40%,60%,65%,75%,tkl,1800,full,split,numpad' }],
    ['a choice spec (the counters)', { categoryIds: 'keyboards', size: '65%,75%' }, { categoryIds: 'keyboards', size: '40%,60%,65%,75%,tkl' }],
    ['several categories', { categoryIds: 'keyboards,keycaps', condition: 'used,for-parts' }, { categoryIds: 'keyboards,keycaps,artisan,parts', condition: 'used,new-in-box,for-parts' }],
  ])('%s', (_label, one, many) => {
    const small = rendered(one);
    const large = rendered(many);
    expect(large.params.length).toBe(small.params.length);
    expect(large.sql).toBe(small.sql);
  });
});
