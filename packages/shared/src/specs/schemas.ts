/**
 * Issue 29: specs on the wire, checked against the lists (lists.ts), and their tags: every spec value as one text
 * `<key>:<value>` ('size:65%', 'lubed:true', 'maker:gmk'), the form the listings' `spec_tags` column, the feed's
 * filters, the facet counts and the wants' matching all share.
 */
import { z } from 'zod';
import { SPEC_ERRORS, FACET_MORE } from './codes';
import { SPEC_KEYS, SPEC_QUANTITY_MAX, SPEC_TEXT_MAX, SWITCH_KEYS, specFieldsOf, type SpecField, type SpecKey } from './lists';

/** A listing's specs as stored and answered: each key once; 'multi' keys hold a list, flags a boolean, counts a number. */
export type SpecValue = string | number | boolean | string[];
export type ItemSpecs = Partial<Record<SpecKey, SpecValue>>;

/** The item's `specs` in answers: an object of the keys it has (an old listing's is {}). */
export const ItemSpecsSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]));

export type SpecProblem = [code: string, field: string];

const fieldOf = (categoryId: string, key: string): SpecField | undefined => specFieldsOf(categoryId).find((f) => f.key === key);

/** A free text as kept and compared: trimmed, inner spaces single. Tags compare it in lower case. */
const normaliseText = (text: string) => text.trim().replace(/\s+/g, ' ');

/**
 * One value as stored, or undefined when it is not one of the field's. Blank texts, null and empty lists are
 * "not given" (the caller drops the key); they never reach here.
 */
function storedValue(field: SpecField, value: unknown): SpecValue | undefined {
  switch (field.kind) {
    case 'choice':
      return typeof value === 'string' && field.choices!.some((c) => c.value === value) ? value : undefined;
    case 'multi': {
      if (!Array.isArray(value) || value.length > field.choices!.length) return undefined;
      if (!value.every((v) => typeof v === 'string' && field.choices!.some((c) => c.value === v))) return undefined;
      // The list's order, each once: equal lists compare equal.
      return field.choices!.map((c) => c.value).filter((v) => value.includes(v));
    }
    case 'flag':
      return typeof value === 'boolean' ? value : undefined;
    case 'count':
      return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= SPEC_QUANTITY_MAX ? value : undefined;
    case 'text':
      return typeof value === 'string' && normaliseText(value).length <= SPEC_TEXT_MAX ? normaliseText(value) : undefined;
  }
}

const isNotGiven = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

/**
 * A listing's specs checked against its category: the first problem as [code, 'specs.<key>'], else the specs as
 * stored (keys not given dropped). A switch spec on a part of another kind does not belong to it.
 */
export function checkItemSpecs(categoryId: string, input: unknown): { problem: SpecProblem } | { specs: ItemSpecs } {
  if (input === undefined || input === null) return { specs: {} };
  if (typeof input !== 'object' || Array.isArray(input)) return { problem: [SPEC_ERRORS.invalidSpec, 'specs'] };
  const specs: ItemSpecs = {};
  const entries = Object.entries(input as Record<string, unknown>);
  const kind = (input as Record<string, unknown>).kind;
  for (const [key, value] of entries) {
    const field = fieldOf(categoryId, key);
    const otherKindOfPart = categoryId === 'parts' && SWITCH_KEYS.includes(key as SpecKey) && !isNotGiven(kind) && kind !== 'switches';
    if (!field || otherKindOfPart) return { problem: [SPEC_ERRORS.specNotInCategory, `specs.${key}`] };
    if (isNotGiven(value)) continue;
    const stored = storedValue(field, value);
    if (stored === undefined) return { problem: [SPEC_ERRORS.invalidSpec, `specs.${key}`] };
    specs[field.key] = stored;
  }
  return { specs };
}

/** One tag: `<key>:<value>`; free text in lower case, so 'GMK' and 'gmk' are one maker. */
export const specTag = (key: string, value: string | number | boolean) => `${key}:${typeof value === 'string' ? normaliseText(value).toLowerCase() : String(value)}`;

/** The tags of a listing's stored specs (a 'multi' key gives one tag per value), sorted. */
export function specTags(specs: ItemSpecs): string[] {
  const tags: string[] = [];
  for (const [key, value] of Object.entries(specs)) {
    if (Array.isArray(value)) for (const v of value) tags.push(specTag(key, v));
    else if (value !== undefined) tags.push(specTag(key, value));
  }
  return tags.sort();
}

/** Filters by spec: for each key, the values any of which will do (tags). Keys are ANDed, a key's values ORed. */
export type SpecFilter = Partial<Record<SpecKey, string[]>>;

/**
 * The feed's spec parameters (`size=65%25,75%25&mounting=hot-swap`) from a query object: each known key's
 * comma-separated values, checked against the field of that name in any category (the feed may list several
 * categories); a value outside every list is refused with [invalid_spec, key]. Values are compared as tags.
 */
export function specFilterOf(query: Record<string, unknown>, categoryIds: readonly string[] = []): { problem: SpecProblem } | { filter: SpecFilter } {
  const filter: SpecFilter = {};
  const categories = categoryIds.length > 0 ? categoryIds : ALL_CATEGORY_IDS;
  for (const key of SPEC_KEYS) {
    const raw = query[key];
    if (raw === undefined || raw === '') continue;
    const texts = (Array.isArray(raw) ? raw : [raw]).flatMap((r) => (typeof r === 'string' || typeof r === 'number' || typeof r === 'boolean' ? String(r).split(',') : [null]));
    const fields = categories.map((c) => fieldOf(c, key)).filter((f): f is SpecField => f !== undefined);
    if (fields.length === 0) return { problem: [SPEC_ERRORS.specNotInCategory, key] };
    const values: string[] = [];
    for (const text of texts) {
      if (text === null) return { problem: [SPEC_ERRORS.invalidSpec, key] };
      const value = text.trim();
      if (value === '') continue;
      if (!fields.some((f) => isFilterValue(f, value))) return { problem: [SPEC_ERRORS.invalidSpec, key] };
      values.push(specTag(key, value));
    }
    if (values.length > 0) filter[key] = [...new Set(values)];
  }
  return { filter };
}

function isFilterValue(field: SpecField, value: string): boolean {
  switch (field.kind) {
    case 'choice':
    case 'multi':
      return field.choices!.some((c) => c.value === value);
    case 'flag':
      return value === 'true' || value === 'false';
    case 'count':
      return /^\d{1,5}$/.test(value) && Number(value) >= 1 && Number(value) <= SPEC_QUANTITY_MAX;
    case 'text':
      return value.length <= SPEC_TEXT_MAX;
  }
}

const ALL_CATEGORY_IDS = ['keyboards', 'keycaps', 'artisan', 'parts', 'accessories'];

/** The feed's spec parameters as the query schema takes them: each an optional text (comma-separated values). */
export const SpecQueryShape = Object.fromEntries(SPEC_KEYS.map((key) => [key, z.string().optional()])) as Record<SpecKey, z.ZodOptional<z.ZodString>>;

/** A facet count: exact up to FACET_EXACT_MAX, else FACET_MORE ('1,000+'). */
export const FacetCountSchema = z.union([z.number().int(), z.literal(FACET_MORE)]);
export type FacetCount = z.infer<typeof FacetCountSchema>;

/**
 * GET /api/items/facets (the feed's query): for each spec of the category (or the categories), each value's count
 * of public listings that match the rest of the query (the key's own filter left out, as a multi-select's counts
 * are): `{ size: { '65%': 12, tkl: '1,000+', ... }, mounting: {...}, ... }`. Values with no listings answer 0.
 * Free-text and count specs answer their most common values (at most 20).
 */
export const FacetsSchema = z.record(z.string(), z.record(z.string(), FacetCountSchema));
export type Facets = z.infer<typeof FacetsSchema>;

/**
 * A want's specs (issue 29): for each key, the values any of which will do; a single value may come as a text.
 * Keys must belong to one of the want's categories (condition to any), checked by checkWantSpecs.
 */
export const WantSpecsInputSchema = z
  .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.union([z.string(), z.number(), z.boolean()]))]), { error: SPEC_ERRORS.invalidSpec })
  .optional();
export type WantSpecs = Partial<Record<SpecKey, string[]>>;
export const WantSpecsSchema = z.record(z.string(), z.array(z.string()));

/**
 * A want's specs checked against its categories (none: condition only): [code, 'specs.<key>'] or the specs as
 * stored, each value as written in the lists ('65%', 'true', a maker as typed).
 */
export function checkWantSpecs(categoryIds: readonly string[], input: Record<string, unknown> | undefined): { problem: SpecProblem } | { specs: WantSpecs } {
  const specs: WantSpecs = {};
  if (!input) return { specs };
  const categories = categoryIds.length > 0 ? categoryIds : ['*'];
  for (const [key, raw] of Object.entries(input)) {
    const fields = categories.map((c) => fieldOf(c, key)).filter((f): f is SpecField => f !== undefined);
    if (fields.length === 0) return { problem: [SPEC_ERRORS.specNotInCategory, `specs.${key}`] };
    const values = (Array.isArray(raw) ? raw : [raw]).map((v) => String(v).trim()).filter((v) => v !== '');
    if (values.length > 20 || !values.every((v) => fields.some((f) => isFilterValue(f, v)))) return { problem: [SPEC_ERRORS.invalidSpec, `specs.${key}`] };
    if (values.length > 0) specs[key as SpecKey] = [...new Set(values)];
  }
  return { specs };
}

/** The tags of a filter or a want's specs, key by key (each key's list is ORed, the keys ANDed). */
export const specTagGroups = (specs: WantSpecs): string[][] => Object.entries(specs).map(([key, values]) => (values ?? []).map((v) => specTag(key, v)));
