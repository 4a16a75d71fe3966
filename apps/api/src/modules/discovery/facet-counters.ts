import { sql, type SQL } from 'drizzle-orm';
import { CATEGORY_SPECS, SPEC_KEYS, specFieldsOf, specTag, type SpecField, type SpecKey } from '@keeb/shared';
import { specCounts } from '../../db/schema/index';
import type { ListOptions } from './list-options';

/**
 * Issue 29: the facets from the maintained counters (spec_counts, migration 0031) instead of a count over items.
 * spec_counts holds, per category, the number of public listings holding each single counted tag, each pair and
 * each triple. A value's count under a filter of at most two keys is then a sum of rows: value v under
 * {k1: [a1, a2], k2: [b1]} is row(v, a1, b1) + row(v, a2, b1) - which adds up only because a1 and a2 never hold
 * together on one listing (a 'choice' or 'flag' key). A read of some hundred primary-key rows, whatever the number
 * of listings; the live count (facets.ts) reads each tag's posting list.
 */

/** The spec kinds that spec_counts counts (their values are a short closed list). */
export const COUNTED_KINDS: ReadonlySet<SpecField['kind']> = new Set(['choice', 'multi', 'flag']);

/** The keys the migration's spec_counted_tags() counts, in SPEC_KEYS order: a key counted in any category. */
export const countedSpecKeys = (): SpecKey[] =>
  SPEC_KEYS.filter((key) => Object.values(CATEGORY_SPECS).some((fields) => fields.some((f) => f.key === key && COUNTED_KINDS.has(f.kind))));

/** A filter key the counters can answer: its field and its tags. */
export interface CounterKey {
  key: SpecKey;
  tags: string[];
}

/**
 * The filter's keys as the counters hold them, or undefined when they cannot answer: exactly one category, no
 * regions, sale type, trades, search or day bounds; each key counted, a key with several values one whose values
 * exclude each other on a listing ('choice' or 'flag'; a 'multi' listing may hold both, counted twice).
 */
export function counterKeys(o: ListOptions): { categoryId: string; filter: CounterKey[] } | undefined {
  const categoryIds = o.categoryIds ?? [];
  if (o.scope.kind !== 'public' || categoryIds.length !== 1) return undefined;
  if (o.regionCodes?.length || o.saleTypeId || o.openToTrades || o.search || o.fromDay !== undefined || o.beforeDay !== undefined) return undefined;
  const fields = specFieldsOf(categoryIds[0]!);
  const filter: CounterKey[] = [];
  for (const key of SPEC_KEYS) {
    const tags = o.specs?.[key];
    if (!tags?.length) continue;
    const field = fields.find((f) => f.key === key);
    if (!field || !COUNTED_KINDS.has(field.kind)) return undefined;
    if (tags.length > 1 && field.kind !== 'choice' && field.kind !== 'flag') return undefined;
    filter.push({ key, tags });
  }
  return { categoryId: categoryIds[0]!, filter };
}

/** The counter plan of a facets query (counterKeys with at most two keys: a row holds three tags, one the value's). */
export function counterPlan(o: ListOptions): { categoryId: string; filter: CounterKey[] } | undefined {
  const keys = counterKeys(o);
  return keys && keys.filter.length <= 2 ? keys : undefined;
}

/** The values a counted field lists (a flag: 'true' and 'false'). */
export const listedValues = (field: SpecField): string[] => (field.kind === 'flag' ? ['true', 'false'] : field.choices!.map((c) => c.value));

/** Every combination of one tag per key ([[]] for no keys). */
export const combinations = (keys: readonly CounterKey[]): string[][] =>
  keys.reduce<string[][]>((acc, k) => acc.flatMap((combo) => k.tags.map((tag) => [...combo, tag])), [[]]);

/** Tags in the counters' order: byte order, as spec_count_rows() sorts them (collate "C"; the tags are ASCII). */
export const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** One counter row to add into a field value's count. */
export interface CounterLookup {
  key: string;
  value: string;
  a: string;
  b: string;
  c: string;
}

/**
 * The rows to read: for each counted field and value, one row per combination of the filter's other keys' values
 * (the field's own filter left out: a multi-select's counts), the value's tag sorted in among them.
 */
export function counterLookups(filter: readonly CounterKey[], fields: readonly SpecField[]): CounterLookup[] {
  const lookups: CounterLookup[] = [];
  for (const field of fields) {
    const combos = combinations(filter.filter((k) => k.key !== field.key));
    for (const value of listedValues(field)) {
      for (const combo of combos) {
        const [a, b = '', c = ''] = [specTag(field.key, value), ...combo].sort(byteOrder);
        lookups.push({ key: field.key, value, a: a!, b, c });
      }
    }
  }
  return lookups;
}

/**
 * The one statement of the counted fields: each lookup a primary-key read of spec_counts (a scalar subquery, so the
 * plan is an index probe per row however the planner guesses the lookups' number), summed per field and value, as
 * one JSON object {key: {value: n}}. The lookups travel as one JSON parameter.
 */
export function counterQuery(categoryId: string, lookups: readonly CounterLookup[]): SQL {
  return sql`(select coalesce(json_object_agg(f.key, f.counts), '{}'::json) from (
      select v.key, json_object_agg(v.value, v.n order by v.ord) as counts from (
        select q.key, q.value, min(q.ord) as ord, sum(coalesce(q.n, 0))::int as n from (
          select l.key, l.value, l.ord,
                 (select ${specCounts.n} from ${specCounts} where ${specCounts.categoryId} = ${categoryId}::text
                    and ${specCounts.tagA} = l.a and ${specCounts.tagB} = l.b and ${specCounts.tagC} = l.c) as n
          from json_to_recordset(${JSON.stringify(lookups.map((l, ord) => ({ ...l, ord })))}::json) as l(key text, value text, a text, b text, c text, ord int)) q
        group by q.key, q.value) v
      group by v.key) f)`;
}
