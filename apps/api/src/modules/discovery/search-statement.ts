import { and, fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { jsonRows, type Queryable } from '../../db/client';
import { items } from '../../db/schema/index';
import { publicItem, type Bind, type Cursor, type ListOptions, type ListSort } from './list-options';
import { buildListQuery, listPage, listShape, listValues } from './list-page';
import { toListRow, type ListRow } from './list-row';
import { beforeWindow, SEARCH_WINDOW_LISTINGS, windowOf } from './search-window';
import { hasSpecFilter } from './spec-filter';

/**
 * Issue 37: a search page in one statement. Each tier (search-tiers.ts) is read as before, by the list query of
 * its window and of the listings before it (search-window.ts), each keeping its own index path and LIMIT; here they
 * are the parts of one statement instead of a round trip each. A part after another reads only when the ones
 * before it did not fill the page (a one-time filter on their counts, so PostgreSQL never starts it otherwise), and
 * the check of which tier a cursor is in is a CTE the parts of each tier are gated on.
 */

/** When a part reads: the cursor in the exact tier (or not), and each group of earlier parts' rows fewer than a count. */
interface Gate {
  cursorInExact?: boolean;
  fewerThan?: Array<{ parts: number[]; rows: number }>;
}

/** A list query of the statement (a CTE), and when it reads. */
interface Part {
  options: ListOptions;
  gate: Gate;
}

/** A tier as parts: its window (or its whole query) and the listings before the window, if it has one. */
interface TierParts {
  first: number;
  /** The window the listings before it come after: their options (beforeWindow) depend on what it found. */
  window?: ListOptions | undefined;
  /**
   * The listings before the window, as a part of the statement; undefined when the window is walked (a common
   * word): the planner chooses how to read them with their tsquery in view, so they are a query of their own, read
   * only when the window falls short, as they were before issue 37.
   */
  older?: number | undefined;
}

/** The cursor check's values: where the client's cursor points, and the exact tier's tsquery. */
interface CursorCheck {
  sort: ListSort;
  cursor: Cursor;
  exact: string;
}

const CURSOR_CTE = 'search_cursor';

/**
 * Whether a public listing at the cursor matches the exact tier: by its id when the client sends it, else by the
 * sort fields it sent (the spec's cursor), which a listing of the other tier shares only in a tie.
 */
function cursorCheckSql(db: Queryable, c: CursorCheck, v: Bind): SQL {
  const { sort, cursor } = c;
  const at = cursor.id
    ? sql`${items.id} = ${v('id', cursor.id)}::uuid`
    : and(
        cursor.ts ? sql`${items.timeListed} = ${v('ts', cursor.ts)}::timestamptz` : undefined,
        (sort === 'low' || sort === 'high') && cursor.priceCents !== undefined ? sql`${items.priceCents} = ${v('price', cursor.priceCents)}::integer` : undefined,
        sort === 'rate' && cursor.likes !== undefined ? sql`${items.saveCount} = ${v('likes', cursor.likes)}::integer` : undefined,
      );
  const match = db
    .select({ one: sql`1` })
    .from(items)
    .where(and(at, publicItem, sql`${items.search} @@ ${v('exact', c.exact)}::tsquery`))
    .limit(sql.raw('1') as unknown as number);
  return sql`${sql.identifier(CURSOR_CTE)} as (select exists${match} as in_exact)`;
}

const partName = (i: number) => sql.identifier(`search_part_${i}`);

function gateSql(gate: Gate): SQL | undefined {
  const inExact = sql`(select in_exact from ${sql.identifier(CURSOR_CTE)})`;
  const cursor = gate.cursorInExact === undefined ? undefined : gate.cursorInExact ? inExact : sql`not ${inExact}`;
  const fewer = (gate.fewerThan ?? []).map(({ parts, rows }) => {
    const counts = parts.map((i) => sql`(select count(*) from ${partName(i)})`);
    return sql`${sql.join(counts, sql` + `)} < ${sql.raw(String(rows))}`;
  });
  return and(cursor, ...fewer);
}

const gateShape = (g: Gate) =>
  `${g.cursorInExact === undefined ? '' : g.cursorInExact ? 'c' : 'n'}${(g.fewerThan ?? []).map((f) => `${f.parts.join('.')}<${f.rows}`).join(',')}`;

/**
 * The statement: the cursor check, each part as a CTE (one reading after another, by their gates), and their rows
 * in order: by part, then by the part's own sort. Each row is a JSON array led by its part's number; the cursor
 * check's answer comes first, as part -1.
 */
function statementSql(db: Queryable, parts: Part[], check: CursorCheck | undefined, bind: (prefix: string) => Bind): SQL {
  const ctes = parts.map((p, i) => sql`${partName(i)} (row, n) as materialized (${buildListQuery(db, p.options, bind(`p${i}_`), { index: i, gate: gateSql(p.gate) })})`);
  const rows = parts.map((_, i) => sql`select ${sql.raw(String(i))} as part, n, row from ${partName(i)}`);
  if (check) {
    ctes.unshift(cursorCheckSql(db, check, bind('c_')));
    rows.unshift(sql`select -1 as part, 0 as n, json_build_array(-1, in_exact)::text as row from ${sql.identifier(CURSOR_CTE)}`);
  }
  return sql`with ${sql.join(ctes, sql`, `)} select u.row from (${sql.join(rows, sql` union all `)}) u order by u.part, u.n`;
}

const asValue: (prefix: string) => Bind = () => (_name, value) => value;
const asPlaceholder: (prefix: string) => Bind = (prefix) => (name) => sql.placeholder(`${prefix}${name}`);

const dialect = new PgDialect();

/** Statements by shape: a name and the SQL with placeholders, rendered once. Names are short: PGlite PREPAREs them. */
const prepared = new Map<string, { name: string; query: { sql: string; params: unknown[] } }>();

/**
 * A part whose plan cannot depend on the values: a window, or listings read by their words (search-window.ts
 * writes each so that only one index path serves it). A statement of such parts only is prepared and kept; any
 * other is planned with its values each time, as listPage plans any other search.
 */
const planIsFixed = (o: ListOptions) => o.fromDay !== undefined || o.byWords === true;

/**
 * A public search with no other filter: its fixed parts have one plan whatever the values, and PostgreSQL's own
 * choice kept planning a typo search anew on every page (its generic plan is estimated dearer than one for a word
 * found nowhere, though the same nodes on the 1M-listing bench), 0.7-1 ms each time: so it always runs the generic
 * plan (db/client.ts, PlanReuse). A filter's values may call for another index: those keep PostgreSQL's choice.
 */
const onlySearch = (o: ListOptions) =>
  o.scope.kind === 'public' && !o.categoryIds?.length && !o.regionCodes?.length && !o.saleTypeId && !o.openToTrades && !hasSpecFilter(o.specs);

/**
 * Runs the statement: each part's rows, in its order, and whether the cursor is in the exact tier (true without a
 * check). A statement of one part is that part's list query alone, as before issue 37 (no CTE to build and read).
 */
async function readParts(db: Queryable, parts: Part[], check: CursorCheck | undefined): Promise<{ got: ListRow[][]; inExact: boolean }> {
  if (parts.length === 1 && !check) return { got: [await listPage(db, parts[0]!.options)], inExact: true };
  const shape = [check ? `c${check.sort}${check.cursor.id ? 'i' : ''}${check.cursor.ts ? 't' : ''}` : '', ...parts.map((p) => `${listShape(p.options)}:${gateShape(p.gate)}`)].join('|');
  let statement = prepared.get(shape);
  if (!statement) {
    statement = { name: `items_search_${prepared.size}`, query: dialect.sqlToQuery(statementSql(db, parts, check, asPlaceholder)) };
    prepared.set(shape, statement);
  }
  const values: Record<string, unknown> = {};
  parts.forEach((p, i) => Object.entries(listValues(p.options)).forEach(([k, value]) => (values[`p${i}_${k}`] = value)));
  if (check) Object.assign(values, { c_id: check.cursor.id, c_ts: check.cursor.ts, c_price: check.cursor.priceCents, c_likes: check.cursor.likes, c_exact: check.exact });
  const query = { sql: statement.query.sql, params: fillPlaceholders(statement.query.params, values) };
  const named = parts.every((p) => planIsFixed(p.options));
  const reuse = parts.every((p) => onlySearch(p.options)) ? 'generic' : 'kept';
  const got: ListRow[][] = parts.map(() => []);
  let inExact = true;
  for (const values of await jsonRows(db, query, named ? statement.name : undefined, reuse)) {
    if (values[0] === -1) inExact = values[1] === true;
    else got[values[0] as number]!.push(toListRow(values.slice(1)));
  }
  return { got, inExact };
}

/** Adds a tier's parts to `parts`, the first one read when `gate` holds. */
async function addTier(db: Queryable, parts: Part[], o: ListOptions, gate: Gate, listings: number, before: number[] = []): Promise<TierParts> {
  const window = o.sort === 'def' ? await windowOf(db, o, listings) : undefined;
  const first = parts.push({ options: window ?? o, gate }) - 1;
  if (window?.fromDay === undefined) return { first };
  if (window.walkWindow) return { first, window };
  // Every row before it on the page counts: the typo tier from its start follows the exact tier's rows.
  const fewerThan = [...(gate.fewerThan ?? []), { parts: [...before, first], rows: o.limit }];
  const older = parts.push({ options: beforeWindow(window, 0), gate: { ...gate, fewerThan } }) - 1;
  return { first, window, older };
}

/** A tier's rows from the statement's: up to `limit`, its window's and then, when short, the listings before it. */
async function tierRows(db: Queryable, tier: TierParts, got: ListRow[][], limit: number): Promise<ListRow[]> {
  const first = got[tier.first]!.slice(0, limit);
  if (first.length === limit || !tier.window) return first;
  if (tier.older !== undefined) return [...first, ...got[tier.older]!.slice(0, limit - first.length)];
  return [...first, ...(await listPage(db, beforeWindow({ ...tier.window, limit }, first.length)))];
}

/** The tiers a search page reads, as the statement's parts. */
export interface SearchRead {
  parts: Part[];
  check: CursorCheck | undefined;
  exact: TierParts;
  /** The typo tier from its start: after the exact tier's last match. */
  typoFromStart?: TierParts | undefined;
  /** The typo tier after the cursor: when the cursor is in it. */
  typoAfter?: TierParts | undefined;
}

/**
 * The parts for a page of `exact` and, when the search has typos, `typo` (the same options, the tiers' tsqueries).
 * With a cursor, the exact tier and the typo tier from its start read when the cursor is in the exact tier, the
 * typo tier after the cursor when it is not. The typo tier from its start reads when the exact tier ended before
 * the page did; it is left out when the exact tier's window is walked (its words are common: the window all but
 * always fills the page, and the parts it would not read cost the commonest searches about a tenth of a
 * millisecond of PostgreSQL's time each), and then read after, when needed (typoFromStartRows).
 */
export async function searchRead(db: Queryable, exact: ListOptions, typo: ListOptions | undefined, pageSize: number, withCursor: boolean, listings = SEARCH_WINDOW_LISTINGS): Promise<SearchRead> {
  const parts: Part[] = [];
  const check = typo && withCursor ? { sort: exact.sort, cursor: exact.cursor, exact: exact.tsquery! } : undefined;
  const inExact: Gate = check ? { cursorInExact: true } : {};
  const exactTier = await addTier(db, parts, exact, inExact, listings);
  if (!typo) return { parts, check, exact: exactTier };
  const exactParts = exactTier.older === undefined ? [exactTier.first] : [exactTier.first, exactTier.older];
  const fromStart = { ...typo, cursor: {} };
  const typoFromStart = exactTier.window?.walkWindow
    ? undefined
    : await addTier(db, parts, fromStart, { ...inExact, fewerThan: [{ parts: exactParts, rows: pageSize }] }, listings, exactParts);
  const typoAfter = check ? await addTier(db, parts, typo, { cursorInExact: false }, listings) : undefined;
  return { parts, check, exact: exactTier, typoFromStart, typoAfter };
}

/**
 * Runs the statement. `inExact`: whether the page continues the exact tier (always, without a cursor check);
 * `tier` reads a tier's rows from it, up to a limit.
 */
export async function readSearch(db: Queryable, read: SearchRead) {
  const { got, inExact } = await readParts(db, read.parts, read.check);
  return { inExact, tier: (tier: TierParts, limit: number) => tierRows(db, tier, got, limit) };
}

/**
 * The typo tier from its start, up to `o.limit` rows (o: its options, the cursor cleared): from the statement, or,
 * when the statement left it out, as a statement of its own.
 */
export async function typoFromStartRows(db: Queryable, read: SearchRead, tier: (t: TierParts, limit: number) => Promise<ListRow[]>, o: ListOptions, listings = SEARCH_WINDOW_LISTINGS) {
  return read.typoFromStart ? tier(read.typoFromStart, o.limit) : newestFirstSearchPage(db, o, listings);
}

/** The statement with its values in it: for EXPLAIN (bench/plans.ts). */
export const searchStatementForExplain = (db: Queryable, read: SearchRead) => statementSql(db, read.parts, read.check, asValue);

/**
 * One tier's rows, up to `o.limit`, newest first: its window, then, when that falls short, the listings before it
 * (search-window.ts). One statement, and a second only for the listings before a walked window.
 */
export async function newestFirstSearchPage(db: Queryable, o: ListOptions, listings = SEARCH_WINDOW_LISTINGS): Promise<ListRow[]> {
  const read = await searchRead(db, o, undefined, o.limit, false, listings);
  return (await readSearch(db, read)).tier(read.exact, o.limit);
}
