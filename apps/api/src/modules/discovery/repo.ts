/**
 * Only for the tests that read the list queries through one namespace (`import * as repo from './repo'`:
 * explain.test.ts, search-window.test.ts, search-statement.test.ts), which mix names from the modules the list
 * queries were split into (issue 38) and may not change beyond their import paths. The code imports each name from
 * its own module: list-options.ts, list-page.ts, search-tsqueries.ts.
 */
export { listDay, type Cursor, type ListOptions } from './list-options';
export { listQuery } from './list-page';
export { searchTiers, withTsquery } from './search-tsqueries';
