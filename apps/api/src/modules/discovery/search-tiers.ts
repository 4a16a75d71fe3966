import type { Queryable } from '../../db/client';
import { cursorMatches, hasCursor, listPage, restOfTie, searchTiers, type ListOptions, type ListRow } from './repo';
import { newestFirstSearchPage } from './search-window';

/** One tier's rows in the list's sort: up to `o.limit` (a page and the row after it). */
const tierRows = (db: Queryable, o: ListOptions) => (o.sort === 'def' ? newestFirstSearchPage(db, o) : listPage(db, o));

/**
 * A search page of `pageSize` listings: the exact and prefix matches in the chosen sort, then the typo matches in
 * the chosen sort (issue 25: a 'keycult' search lists the Keycult before the Keychrons, whatever their dates). The
 * cursor says where the previous page ended: a listing of the exact tier continues that tier and then starts the
 * typo tier; one of the typo tier continues it. Each tier is the usual list query with its own tsquery, so it keeps
 * its indexes, its search window and its cursors; the typo tier is read only when the exact one ends on this page.
 */
export async function searchPage(db: Queryable, o: ListOptions, pageSize: number): Promise<ListRow[]> {
  const tiers = await searchTiers(db, o);
  if (!tiers) return [];
  const { exact, typo } = tiers;
  if (typo && hasCursor(o.sort, o.cursor) && !(await cursorMatches(db, o.sort, o.cursor, exact.tsquery!))) {
    return restOfTie(db, typo, await tierRows(db, typo), pageSize);
  }
  const first = await tierRows(db, exact);
  if (first.length === o.limit || !typo) return restOfTie(db, exact, first, pageSize);
  // The next page's cursor is the exact tier's last listing: the typo tier then starts there.
  if (first.length === pageSize) return first;
  // The exact tier ended on this page: the typo tier follows from its beginning.
  const typoFromStart: ListOptions = { ...typo, cursor: {}, limit: o.limit - first.length };
  const rest = await tierRows(db, typoFromStart);
  return [...first, ...(await restOfTie(db, typoFromStart, rest, pageSize - first.length))];
}
