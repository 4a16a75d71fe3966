import { LIST_FILTER_LIMITS } from '@keeb/shared';
import { describe, expect, it } from 'vitest';
import { listQuery } from './list-scope';
import { DEFAULT_LIST_PREFERENCES } from './list-preferences';

/** Issue 36: the API refuses a feed search longer than the search box takes; an address may hold a longer one. */
describe('listQuery', () => {
  it('sends the first 200 characters of a search text from the address', () => {
    const preferences = DEFAULT_LIST_PREFERENCES;
    const choices = { categories: [], regions: [], saleTypes: [] };
    const long = 'gmk '.repeat(100);
    expect(listQuery(preferences, { searchText: long }, choices).searchText).toBe(long.slice(0, LIST_FILTER_LIMITS.searchTextLength));
    expect(listQuery(preferences, { searchText: 'gmk olivia' }, choices).searchText).toBe('gmk olivia');
  });
});
