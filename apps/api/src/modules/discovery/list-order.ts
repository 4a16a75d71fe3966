import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { items } from '../../db/schema/index';
import type { ListSort } from './list-options';

/** The sort columns of the listings table or of a page of it (buildListQuery's derived table). */
type SortColumns = { timeListed: SQLWrapper; id: SQLWrapper; priceCents: SQLWrapper; saveCount: SQLWrapper };

/**
 * ORDER BY per sort, with the NULLS order of the index it walks (drizzle-kit writes DESC NULLS LAST and ASC
 * NULLS LAST; a backward walk reads ASC NULLS FIRST / DESC NULLS FIRST). Every column is NOT NULL anyway.
 */
export function orderFor(sort: ListSort, c: SortColumns = items): SQL[] {
  switch (sort) {
    case 'def':
      return [sql`${c.timeListed} desc nulls last`, sql`${c.id} desc nulls last`]; // items_feed_idx forward
    case 'old':
      return [sql`${c.timeListed} asc nulls first`, sql`${c.id} asc nulls first`]; // items_feed_idx backward
    case 'low':
      return [sql`${c.priceCents} asc nulls last`, sql`${c.timeListed} asc nulls last`, sql`${c.id} asc nulls last`]; // items_price_idx forward
    case 'high':
      return [sql`${c.priceCents} desc nulls first`, sql`${c.timeListed} desc nulls first`, sql`${c.id} desc nulls first`]; // items_price_idx backward
    case 'rate':
      return [sql`${c.saveCount} desc nulls last`, sql`${c.timeListed} desc nulls last`, sql`${c.id} desc nulls last`];
  }
}

/**
 * Newest or oldest first in a NULLS order no index has: the same order (the columns are NOT NULL), but the planner
 * cannot walk an index for it and filter, so it reads the matches (a spec filter's through items_spec_tags_idx)
 * and sorts them: a rare combination's page (spec-plan.ts, 'matches'). Other sorts keep orderFor.
 */
export const matchesOrder = (sort: ListSort): SQL[] =>
  sort === 'def'
    ? [sql`${items.timeListed} desc nulls first`, sql`${items.id} desc nulls first`]
    : sort === 'old'
      ? [sql`${items.timeListed} asc nulls last`, sql`${items.id} asc nulls last`]
      : orderFor(sort);
