import { and, sql, type SQL } from 'drizzle-orm';
import { CATEGORY_SPECS, FACET_EXACT_MAX, FACET_MORE, specFieldsOf, specTag, type Facets, type SpecField, type SpecKey } from '@keeb/shared';
import type { Queryable } from '../../db/client';
import { items } from '../../db/schema/index';
import { publicItem, type ListOptions } from './list-options';
import { withTsquery } from './search-tsqueries';
import { COUNTED_KINDS, counterLookups, counterPlan, counterQuery } from './facet-counters';
import { specGroups } from './spec-filter';
import { withinReference } from './known-filters';

/**
 * Issue 29: the filters modal's counts (GET /api/items/facets). For each spec of the asked category, each value's
 * count of public listings matching the rest of the query, the key's own filter left out (a multi-select's counts).
 *
 * Counts are exact up to FACET_EXACT_MAX and only say FACET_MORE above, so each value's count is a count of at most
 * FACET_EXACT_MAX + 1 rows: `select from items where ... limit 1001` through items_spec_tags_idx, whatever the
 * value's real number of listings. All values of all keys are one statement (one round trip), each value a scalar
 * subquery planned with its own tags in view.
 *
 * That live count reads a tag's whole posting list before its LIMIT stops it (about 1.7 s at 1,000,000 listings), so
 * the common query - one category and at most two spec keys - is answered from the maintained counters instead
 * (facet-counters.ts); the free-text and count fields keep their top-values read, every other query the live count.
 */

const CAP = FACET_EXACT_MAX + 1;
/** Free-text and count specs answer their most common values among this many newest matches (a bounded read). */
export const FACET_TOP_SAMPLE = 2000;
export const FACET_TOP_VALUES = 20;

/** The spec fields of the asked categories: one category, its fields; several or none, the fields they all share. */
export function facetFieldsOf(categoryIds: readonly string[]): readonly SpecField[] {
  const asked = categoryIds.length > 0 ? categoryIds : Object.keys(CATEGORY_SPECS);
  const [first, ...rest] = asked.map((id) => specFieldsOf(id));
  return first!.filter((f) => rest.every((fields) => fields.some((g) => g.key === f.key && g.kind === f.kind)));
}

/** The categories whose lists have this key. */
const categoriesOfKey = (key: string) => Object.entries(CATEGORY_SPECS).filter(([, fields]) => fields.some((f) => f.key === key)).map(([id]) => id);

/**
 * Whether the category condition can be left to the tags: a tag of a key that only the asked categories have
 * ('size:...' is a keyboard's) means the listing is of one of them (the items service checks specs against the
 * category). Without it the GIN scan answers the count alone, with no listing read for its category.
 */
function categoryImplied(categoryIds: readonly string[], tags: readonly string[]): boolean {
  if (categoryIds.length === 0) return true;
  return tags.some((tag) => {
    const owners = categoriesOfKey(tag.slice(0, tag.indexOf(':')));
    return owners.length > 0 && owners.every((id) => categoryIds.includes(id));
  });
}

/** The rest of the query for one key: every condition of the feed but its cursor and the key's own spec filter. */
function restOf(o: ListOptions, key: SpecKey, extraTags: readonly string[]): SQL | undefined {
  const categoryIds = o.categoryIds ?? [];
  const regionCodes = o.regionCodes ?? [];
  const { all, any } = specGroups(o.specs, key);
  // An any-group's tags each imply the category only if all of them do; the single tags each on their own.
  const implying = [...all, ...extraTags, ...any.filter((tags) => tags.every((t) => categoryImplied(categoryIds, [t]))).map((tags) => tags[0]!)];
  return and(
    publicItem,
    categoryIds.length && !categoryImplied(categoryIds, implying) ? sql`${items.categoryId} = any(${textArray(categoryIds)})` : undefined,
    o.saleTypeId ? sql`${items.saleTypeId} = ${o.saleTypeId}` : undefined,
    o.openToTrades ? sql`${items.openToTrades}` : undefined,
    regionCodes.length ? sql`${items.shipRegions} && ${textArray(regionCodes)}` : undefined,
    o.search ? sql`${items.search} @@ ${o.tsquery ?? ''}::tsquery` : undefined,
    specArrays(o.specs, key),
  );
}

/**
 * A list of values as one bound array (issue 36): every count of the statement repeats the rest of the query, and a
 * value per placeholder made its size the number of counts times the number of values asked for (3,000 quantities:
 * 63,000 bound values, half a second to parse and plan; 2,500 makers: more than a statement can bind). As one array
 * the statement is the same for two values as for the most a key may have (LIST_FILTER_LIMITS, bounded at the edge).
 */
const textArray = (values: readonly string[]) => sql`${sql.param([...values])}::text[]`;

/** specCondition's conditions with each group of tags as one array: the single tags' `@>`, each any-group's `&&`. */
function specArrays(filter: ListOptions['specs'], except: SpecKey): SQL | undefined {
  const { all, any } = specGroups(filter, except);
  const parts = [
    ...(all.length ? [sql`${items.specTags} @> ${textArray(all)}`] : []),
    ...any.map((tags) => sql`${items.specTags} && ${textArray(tags)}`),
  ];
  return parts.length ? sql.join(parts, sql` and `) : undefined;
}

/** The number of listings (at most CAP) of the rest of the query holding this tag. */
const cappedCount = (rest: SQL | undefined, tag: SQL) =>
  sql`(select count(*) from (select from ${items} where ${and(rest, sql`${items.specTags} @> array[${tag}]::text[]`)} limit ${sql.raw(String(CAP))}) c)`;

/** A choice, multi or flag field: every value of its list with its count (0 when none). */
function listedCounts(o: ListOptions, field: SpecField): SQL {
  const values = field.kind === 'flag' ? ['true', 'false'] : field.choices!.map((c) => c.value);
  return sql`json_build_object(${sql.join(
    values.map((value) => {
      const tag = specTag(field.key, value);
      return sql`${value}::text, ${cappedCount(restOf(o, field.key, [tag]), sql`${tag}::text`)}`;
    }),
    sql`, `,
  )})`;
}

/**
 * A free-text or count field: its most common values among the newest FACET_TOP_SAMPLE matching listings (the
 * values as tags write them: text in lower case), each with its count over all matches.
 */
function topCounts(o: ListOptions, field: SpecField): SQL {
  const prefix = `${field.key}:`;
  const rest = restOf(o, field.key, [prefix]);
  return sql`(select coalesce(json_object_agg(substr(top.tag, ${prefix.length + 1}::int), ${cappedCount(rest, sql`top.tag`)}), '{}'::json)
    from (select u.tag from (select unnest(s.spec_tags) as tag from (select ${items.specTags} as spec_tags from ${items} where ${rest}
            order by ${items.timeListed} desc limit ${sql.raw(String(FACET_TOP_SAMPLE))}) s) u
          where starts_with(u.tag, ${prefix}::text) group by u.tag order by count(*) desc, u.tag limit ${sql.raw(String(FACET_TOP_VALUES))}) top)`;
}

/** Every field's counts as one JSON object (options with their search resolved: withTsquery). */
const facetsObject = (o: ListOptions, fields: readonly SpecField[]) =>
  sql`json_build_object(${sql.join(
    fields.map((field) => sql`${field.key}::text, ${field.choices || field.kind === 'flag' ? listedCounts(o, field) : topCounts(o, field)}`),
    sql`, `,
  )})`;

/** The one statement of a live facets answer (options with their search resolved: withTsquery); EXPLAIN reads it too. */
export function facetsQuery(o: ListOptions, fields: readonly SpecField[]): SQL {
  return sql`select ${facetsObject(o, fields)}::text as facets`;
}

/**
 * The one statement of a facets answer: from the counters when counterPlan allows (its counted fields; the others
 * by their top values, in the same statement), else the live count. EXPLAIN reads it too.
 */
export function facetsStatement(o: ListOptions, fields: readonly SpecField[]): SQL {
  const plan = counterPlan(o);
  if (!plan) return facetsQuery(o, fields);
  const counted = fields.filter((f) => COUNTED_KINDS.has(f.kind));
  const others = fields.filter((f) => !COUNTED_KINDS.has(f.kind));
  // Two columns, merged by facetCounts: a jsonb merge would reorder each field's values.
  const top = others.length ? facetsObject(o, others) : sql`'{}'::json`;
  return sql`select ${counterQuery(plan.categoryId, counterLookups(plan.filter, counted))}::text as facets, ${top}::text as top`;
}

/** Every field's counts, one statement. Counts above FACET_EXACT_MAX answer FACET_MORE. */
export async function facetCounts(db: Queryable, options: ListOptions, fields: readonly SpecField[]): Promise<Facets> {
  const known = withinReference(options);
  const o = known && (await withTsquery(db, known));
  const facets: Facets = {};
  if (!o || fields.length === 0) {
    // A search, or a category, region or sale type, that matches nothing: every listed value 0, no common values.
    for (const field of fields) facets[field.key] = Object.fromEntries((field.kind === 'flag' ? ['true', 'false'] : (field.choices ?? []).map((c) => c.value)).map((v) => [v, 0]));
    return facets;
  }
  const result = (await db.execute(facetsStatement(o, fields))) as unknown as { rows: Array<{ facets: string; top?: string }> };
  const row = result.rows[0]!;
  const counts = { ...JSON.parse(row.facets), ...JSON.parse(row.top ?? '{}') } as Record<string, Record<string, number>>;
  for (const field of fields) {
    facets[field.key] = Object.fromEntries(Object.entries(counts[field.key] ?? {}).map(([value, n]) => [value, n > FACET_EXACT_MAX ? FACET_MORE : n]));
  }
  return facets;
}
