import type { Queryable } from '../../db/client';
import type { ListOptions } from './list-options';
import { hasCursor } from './list-cursor';
import { restOfTie } from './list-page';
import type { ListRow } from './list-row';
import { searchTiers } from './search-tsqueries';
import { readSearch, searchRead, typoFromStartRows } from './search-statement';
import { SEARCH_WINDOW_LISTINGS } from './search-window';

/**
 * A search page of `pageSize` listings: the exact and prefix matches in the chosen sort, then the typo matches in
 * the chosen sort (issue 25: a 'keycult' search lists the Keycult before the Keychrons, whatever their dates). The
 * cursor says where the previous page ended: a listing of the exact tier continues that tier and then starts the
 * typo tier; one of the typo tier continues it. Each tier is the usual list query with its own tsquery, so it keeps
 * its indexes, its search window and its cursors; the typo tier is read only when the exact one ends on this page.
 * Issue 37: both tiers and the cursor's check are one statement (search-statement.ts); a page that ends inside a
 * tie reads the rest of it after, as any list does.
 */
export async function searchPage(db: Queryable, o: ListOptions, pageSize: number, listings = SEARCH_WINDOW_LISTINGS): Promise<ListRow[]> {
  const tiers = await searchTiers(db, o);
  if (!tiers) return [];
  const { exact, typo } = tiers;
  const read = await searchRead(db, exact, typo, pageSize, hasCursor(o.sort, o.cursor), listings);
  const { inExact, tier } = await readSearch(db, read);
  if (!inExact) return restOfTie(db, typo!, await tier(read.typoAfter!, o.limit), pageSize);
  const first = await tier(read.exact, o.limit);
  if (first.length === o.limit || !typo) return restOfTie(db, exact, first, pageSize);
  // The next page's cursor is the exact tier's last listing: the typo tier then starts there.
  if (first.length === pageSize) return first;
  // The exact tier ended on this page: the typo tier follows from its beginning.
  const typoFromStart: ListOptions = { ...typo, cursor: {}, limit: o.limit - first.length };
  const rest = await typoFromStartRows(db, read, tier, typoFromStart, listings);
  return [...first, ...(await restOfTie(db, typoFromStart, rest, pageSize - first.length))];
}
