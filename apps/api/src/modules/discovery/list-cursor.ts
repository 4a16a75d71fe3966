/**
 * Keyset paging of the lists: the condition after a cursor (the spec's cursor or the full one with an id), the
 * cursor fields a prepared query's shape depends on, whether two rows share the fields a client's cursor may stop at
 * (so a page never ends inside such a tie), and a row's full cursor. Kept apart from the page query (list-page.ts),
 * which calls them, because the rules of what a cursor means are read on their own when a page skips or repeats a
 * listing.
 */
import { sql, type SQL } from 'drizzle-orm';
import { items } from '../../db/schema/index';
import { asValue, type Bind, type Cursor, type ListSort } from './list-options';
import type { ListRow } from './list-row';

/**
 * Keyset condition after the cursor. A client may send the spec's cursor (spec 2.3: the last item's timeListed,
 * and its price for price sorts) or that and the item's id. With the id it is a row comparison on the full sort
 * key; without it a comparison on the fields sent, which is exact because a page never ends inside a group of
 * listings sharing them (restOfTie). Price sorts order equal prices by time, so the spec's cursor is their key.
 */
export function afterCursor(sort: ListSort, c: Cursor, v: Bind, tieOnly: boolean): SQL | undefined {
  const ts = sql`${v('ts', c.ts)}::timestamptz`;
  const id = sql`${v('cursorId', c.id)}::uuid`;
  switch (sort) {
    case 'def':
    case 'old': {
      if (!c.ts) return undefined;
      const op = sort === 'def' ? sql`<` : sql`>`;
      if (tieOnly) return sql`${items.timeListed} = ${ts} and ${items.id} ${op} ${id}`;
      return c.id ? sql`(${items.timeListed}, ${items.id}) ${op} (${ts}, ${id})` : sql`${items.timeListed} ${op} ${ts}`;
    }
    case 'low':
    case 'high': {
      if (c.priceCents === undefined) return undefined;
      const op = sort === 'low' ? sql`>` : sql`<`;
      const price = sql`${v('priceCents', c.priceCents)}::integer`;
      if (tieOnly) return sql`${items.priceCents} = ${price} and ${items.timeListed} = ${ts} and ${items.id} ${op} ${id}`;
      if (c.ts && c.id) return sql`(${items.priceCents}, ${items.timeListed}, ${items.id}) ${op} (${price}, ${ts}, ${id})`;
      if (c.ts) return sql`(${items.priceCents}, ${items.timeListed}) ${op} (${price}, ${ts})`;
      // Earlier web clients sent the price and the id only (when equal prices were ordered by id): the time is the
      // cursor item's own.
      if (c.id) {
        const cursorTime = sql`(select cursor_item.time_listed from ${items} cursor_item where cursor_item.id = ${id})`;
        return sql`(${items.priceCents}, ${items.timeListed}, ${items.id}) ${op} (${price}, ${cursorTime}, ${id})`;
      }
      return sql`${items.priceCents} ${op} ${price}`;
    }
    case 'rate': {
      if (c.likes === undefined) return undefined;
      const likes = sql`${v('likes', c.likes)}::integer`;
      if (tieOnly) return sql`${items.saveCount} = ${likes} and ${items.timeListed} = ${ts} and ${items.id} < ${id}`;
      if (c.ts && c.id) return sql`(${items.saveCount}, ${items.timeListed}, ${items.id}) < (${likes}, ${ts}, ${id})`;
      if (c.ts) return sql`(${items.saveCount}, ${items.timeListed}) < (${likes}, ${ts})`;
      return sql`${items.saveCount} < ${likes}`;
    }
  }
}

/** Which cursor fields a query uses for its sort: part of a prepared query's shape. */
export function cursorShape(sort: ListSort, c: Cursor, tieOnly: boolean): string {
  const has = (key: keyof Cursor) => (c[key] === undefined ? '' : key[0]);
  const shape = (() => {
    switch (sort) {
      case 'def':
      case 'old':
        return c.ts ? `t${has('id')}` : '';
      case 'low':
      case 'high':
        return c.priceCents === undefined ? '' : `p${has('ts')}${has('id')}`;
      case 'rate':
        return c.likes === undefined ? '' : `l${c.ts ? `t${has('id')}` : ''}`;
    }
  })();
  // A statement name (PGlite PREPAREs it by name): letters, digits and underscores only.
  return tieOnly ? `${shape}_tie` : shape;
}

/** Whether two rows of a list share the sort fields a client's cursor may stop at (spec 2.3), ids aside. */
export function sameCursorKey(sort: ListSort, a: SortKeyRow, b: SortKeyRow): boolean {
  switch (sort) {
    case 'def':
    case 'old':
      return a.timeListed === b.timeListed;
    case 'low':
    case 'high':
      return a.priceCents === b.priceCents && a.timeListed === b.timeListed;
    case 'rate':
      return a.saveCount === b.saveCount && a.timeListed === b.timeListed;
  }
}

type SortKeyRow = Pick<ListRow, 'id' | 'timeListed' | 'priceCents' | 'saveCount'>;

/** The full cursor of a row: every sort field and its id. */
export const cursorAt = (row: SortKeyRow): Cursor => ({ ts: row.timeListed, priceCents: row.priceCents, likes: row.saveCount, id: row.id });

/**
 * How long a page may grow to close a tie, in pages. A page ends where no client's cursor can lose a listing,
 * but a group of listings sharing one time (a batch import stamped with the same second) can be any size; past
 * this bound the page ends inside the group instead, and a client that sends `cursorId` (the web client does)
 * pages on exactly through it. Only a client sending the spec's cursor alone would skip the rest of such a group.
 */
export const TIE_PAGE_LIMIT_PAGES = 4;

/** Whether the cursor has the fields its sort pages by (else the list starts at its beginning). */
export const hasCursor = (sort: ListSort, c: Cursor) => afterCursor(sort, c, asValue, false) !== undefined;
