import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { items, specCounts } from '../../db/schema/index';
import { byteOrder, combinations, counterKeys } from './facet-counters';
import type { ListOptions, SpecPlan } from './list-options';
import { setNewest } from '../../platform/bounded-map';

// SpecPlan is declared with the options that carry it (list-options.ts), which the plan's choice reads.
export type { SpecPlan } from './list-options';

/**
 * From this many matching listings on, a page is walked. Measured on the 1,000,000-listing bench (206,000 public
 * keyboards): the two ways cost alike at 600 to 1,000 matches (walk 6-10 ms, matches 4-19 ms cold); at 100 the walk
 * took 50 ms and the matches 2 ms, at 2,000 the walk 2.5 ms and the matches 14-35 ms. The meeting point grows with
 * the square root of the category's size, so this holds within a factor of two for categories of 50,000 to 800,000.
 */
export const SPEC_WALK_MIN_MATCHES = 800;

/** More counter rows than this (many values on several keys) is left to the planner: a rare kind of query. */
const MAX_COUNTER_ROWS = 64;

/**
 * The plan of a public, newest- or oldest-first page of one category with spec filters the counters can answer
 * (counterKeys, up to three keys: a row holds three tags), from one read of spec_counts; undefined otherwise (the
 * planner decides, as before). The count includes away sellers' listings: a guide, as the facets' counts are.
 */
export async function specPlanFor(db: Queryable, o: ListOptions, now: () => number = Date.now): Promise<SpecPlan | undefined> {
  if (o.sort !== 'def' && o.sort !== 'old') return undefined;
  const keys = counterKeys(o);
  if (!keys || keys.filter.length === 0 || keys.filter.length > 3) return undefined;
  const rows = combinations(keys.filter).map((combo) => [...combo].sort(byteOrder));
  if (rows.length > MAX_COUNTER_ROWS) return undefined;
  const key = `${keys.categoryId}\n${JSON.stringify(rows)}`;
  let chosen = chosenBy.get(db);
  if (!chosen) chosenBy.set(db, (chosen = new Map()));
  const kept = chosen.get(key);
  if (kept && now() - kept.at < PLAN_KEPT_MS) return kept.plan;
  const plan = await planFromCounts(db, keys.categoryId, rows);
  setNewest(chosen, key, { at: now(), plan }, PLANS_KEPT);
  return plan;
}

/**
 * A combination's plan is kept a minute in this process: both plans read the same page, so a count that crossed
 * SPEC_WALK_MIN_MATCHES meanwhile costs at most a minute of the slower plan, and a member cycling through the filters
 * modal pays one statement a page instead of two (the count's read was a round trip of its own).
 */
const PLAN_KEPT_MS = 60_000;
const PLANS_KEPT = 2_000;
/** Per database handle (a process serves one; the tests open many). */
const chosenBy = new WeakMap<Queryable, Map<string, { at: number; plan: SpecPlan }>>();

async function planFromCounts(db: Queryable, categoryId: string, rows: string[][]): Promise<SpecPlan> {
  const column = (i: number) => sql.param(rows.map((row) => row[i] ?? ''));
  // Each row a primary-key read (a scalar subquery, as the facets read them); a row never written counts 0.
  const result = (await db.execute(sql`
    select coalesce(sum((select ${specCounts.n} from ${specCounts} where ${specCounts.categoryId} = ${categoryId}::text
      and ${specCounts.tagA} = l.a and ${specCounts.tagB} = l.b and ${specCounts.tagC} = l.c)), 0)::int as n
    from unnest(${column(0)}::text[], ${column(1)}::text[], ${column(2)}::text[]) as l(a, b, c)`)) as unknown as { rows: Array<{ n: number }> };
  return (result.rows[0]?.n ?? 0) >= SPEC_WALK_MIN_MATCHES ? 'walk' : 'matches';
}

/**
 * A walked page's condition (`walk`; else `where` as it is): its ids, read by a query of their own that needs no column beyond the index's (the
 * category, time, id, tags and seller of items_category_specs_idx), so PostgreSQL reads them by an index-only scan;
 * the page's other columns are then read for those ids alone.
 */
export const walkedIds = (walk: boolean, order: SQL[], limit: number, where: SQL | undefined): SQL | undefined =>
  walk
    ? sql`${items.id} = any(array(select ${items.id} from ${items} where ${where ?? sql`true`} order by ${sql.join(order, sql`, `)} limit ${sql.raw(String(Math.trunc(limit)))}))`
    : where;
