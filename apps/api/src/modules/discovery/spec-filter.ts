import { sql, type SQL } from 'drizzle-orm';
import { SPEC_KEYS, type SpecFilter, type SpecKey } from '@keeb/shared';
import { items } from '../../db/schema/index';

/**
 * Issue 29: a spec filter as conditions on items.spec_tags, which items_spec_tags_idx (GIN over the public rows)
 * serves. Keys with one value share one `@>` (the listing holds all those tags); a key with several values is an
 * `&&` of its own (the listing holds any of them). Keys in SPEC_KEYS order, so one filter's SQL and its bound
 * values always line up, whatever order the query string gave them in.
 */

/** How a value enters the query: as itself or as a named placeholder (list-options.ts, Bind). */
type Bind = <T>(name: string, value: T) => unknown;

/** The filter's keys with their tags, in SPEC_KEYS order; `except` leaves one key out (a facet's own). */
export function specGroups(filter: SpecFilter | undefined, except?: SpecKey): { all: string[]; any: string[][] } {
  const all: string[] = [];
  const any: string[][] = [];
  for (const key of SPEC_KEYS) {
    const tags = filter?.[key];
    if (!tags?.length || key === except) continue;
    if (tags.length === 1) all.push(tags[0]!);
    else any.push(tags);
  }
  return { all, any };
}

const textArray = (values: unknown[]) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

/**
 * The conditions of a filter's tags (undefined: no spec filter); placeholders named specAll<i>, specAny<j>_<k>.
 * `forWalk` (issue 37, spec-plan.ts) wraps them so items_spec_tags_idx cannot serve them: the planner then walks
 * items_category_specs_idx, whose rows hold the tags, and checks them there.
 */
export function specCondition(filter: SpecFilter | undefined, v: Bind, except?: SpecKey, forWalk = false): SQL | undefined {
  const { all, any } = specGroups(filter, except);
  const parts: SQL[] = [];
  if (all.length) parts.push(sql`${items.specTags} @> ${textArray(all.map((tag, i) => v(`specAll${i}`, tag)))}`);
  any.forEach((tags, j) => parts.push(sql`${items.specTags} && ${textArray(tags.map((tag, k) => v(`specAny${j}_${k}`, tag)))}`));
  if (!parts.length) return undefined;
  const condition = sql.join(parts, sql` and `);
  return forWalk ? sql`coalesce(${condition}, false)` : condition;
}

/** A filter's part of a prepared query's shape (statement-name safe): the single tags and each any-group's size. */
export function specShape(filter: SpecFilter | undefined): string {
  const { all, any } = specGroups(filter);
  return all.length || any.length ? `a${all.length}${any.map((tags) => `o${tags.length}`).join('')}` : '';
}

/** The placeholders' values of a filter (specCondition's names). */
export function specValues(filter: SpecFilter | undefined): Record<string, string> {
  const { all, any } = specGroups(filter);
  const values: Record<string, string> = {};
  all.forEach((tag, i) => (values[`specAll${i}`] = tag));
  any.forEach((tags, j) => tags.forEach((tag, k) => (values[`specAny${j}_${k}`] = tag)));
  return values;
}

export const hasSpecFilter = (filter: SpecFilter | undefined) => specShape(filter) !== '';
