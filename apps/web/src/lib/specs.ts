import {
  CATEGORY_SPECS,
  formatCount,
  SPEC_ERRORS,
  SPEC_KEYS,
  SPEC_QUANTITY_MAX,
  SPEC_TEXT_MAX,
  SWITCH_KEYS,
  specFieldsOf,
  specValueLabel,
  type SpecField,
  type SpecKey,
  type SpecValue,
} from '@keeb/shared';

/*
 * Issue 29: the web's side of the specs. The lists, labels and rules are packages/shared's (specs/lists.ts); this
 * holds only what several screens do with them: a sell-form draft and its payload, a filter's values per key, the
 * texts of the refusals, and a spec written out for people ('Size: 65%, 75%').
 */

/** A filter's or a want's specs: for each key, the values any of which will do (as the lists write them). */
export type SpecValues = Partial<Record<SpecKey, string[]>>;

/**
 * The sell form's specs as typed: a choice, a flag ('true' | 'false'), a quantity and a text are the text of their
 * input ('' = not specified); a 'multi' key is its ticked values.
 */
export type SpecDraft = Partial<Record<SpecKey, string | string[]>>;

const isSpecKey = (key: string): key is SpecKey => (SPEC_KEYS as readonly string[]).includes(key);

/** The label of a key wherever it appears ('maker' is 'Maker' for keycaps and artisans alike). */
export function specLabelOf(key: string): string {
  for (const fields of Object.values(CATEGORY_SPECS)) {
    const field = fields.find((candidate) => candidate.key === key);
    if (field) return field.label;
  }
  return key;
}

/**
 * The fields a listing of this category can have now: a part's switch specs only while its kind is 'switches' or
 * not given (the shared rule, checkItemSpecs), so choosing 'Stabilizers' hides them.
 */
export function specFieldsFor(categoryId: string, kind: string | undefined): readonly SpecField[] {
  if (!categoryId) return [];
  const fields = specFieldsOf(categoryId);
  if (categoryId !== 'parts' || !kind || kind === 'switches') return fields;
  return fields.filter((field) => !SWITCH_KEYS.includes(field.key));
}

const kindOf = (draft: SpecDraft) => (typeof draft.kind === 'string' ? draft.kind : undefined);

/** The draft with only the keys the category (and the part's kind) has: what a change of category leaves. */
export function specDraftFor(categoryId: string, draft: SpecDraft): SpecDraft {
  const kept: SpecDraft = {};
  for (const field of specFieldsFor(categoryId, kindOf(draft))) {
    const value = draft[field.key];
    if (value === undefined) continue;
    // 'kind' is Parts' and Accessories' with different lists: a value the new list lacks goes too.
    const listed = field.choices?.map((choice) => choice.value);
    if (Array.isArray(value)) kept[field.key] = listed ? value.filter((v) => listed.includes(v)) : value;
    else if (field.kind !== 'choice' || value === '' || listed?.includes(value)) kept[field.key] = value;
  }
  return kept;
}

/** A stored listing's specs as the form's draft (edit and duplicate keep them). */
export function specDraftOf(specs: Record<string, SpecValue> | undefined): SpecDraft {
  const draft: SpecDraft = {};
  for (const [key, value] of Object.entries(specs ?? {})) {
    if (!isSpecKey(key)) continue;
    draft[key] = Array.isArray(value) ? [...value] : String(value);
  }
  return draft;
}

/**
 * The draft as the listing's `specs`: keys not given left out, flags as booleans, a whole-number quantity as a
 * number. Anything else is sent as typed, so the shared rule names the field that is wrong.
 */
export function specPayloadOf(categoryId: string, draft: SpecDraft): Record<string, SpecValue> {
  const payload: Record<string, SpecValue> = {};
  for (const field of specFieldsFor(categoryId, kindOf(draft))) {
    const value = draft[field.key];
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      if (value.length > 0) payload[field.key] = value;
      continue;
    }
    const text = value.trim();
    if (text === '') continue;
    if (field.kind === 'flag') payload[field.key] = text === 'true';
    else if (field.kind === 'count' && /^\d{1,9}$/.test(text)) payload[field.key] = Number(text);
    else payload[field.key] = text;
  }
  return payload;
}

/** A refusal of one spec ('specs.size' or 'size') as the screens say it; ours, worded like the listing's rules. */
export function specErrorText(code: string, field: string | undefined): string {
  const key = (field ?? '').replace(/^specs\./, '');
  const label = specLabelOf(key);
  if (code === SPEC_ERRORS.specNotInCategory) return `${label} does not apply to this category`;
  const spec = Object.values(CATEGORY_SPECS)
    .flat()
    .find((candidate) => candidate.key === key);
  if (spec?.kind === 'count') return `${label} must be a whole number from 1 to ${formatCount(SPEC_QUANTITY_MAX)}`;
  if (spec?.kind === 'text') return `${label} cannot be more than ${SPEC_TEXT_MAX} characters`;
  return `Choose one of the listed values for ${label}`;
}

/** Whether a code is one of the specs' refusals. */
export const isSpecError = (code: string) => code === SPEC_ERRORS.invalidSpec || code === SPEC_ERRORS.specNotInCategory;

/** One stored value for people: a list joined with ', ', a flag 'Yes' or 'No', a choice by its label. */
export function specValueText(field: SpecField, value: SpecValue): string {
  if (Array.isArray(value)) return value.map((v) => specValueLabel(field, v)).join(', ');
  return specValueLabel(field, String(value));
}

/** A listing's specs as the item page's rows, in the category's order; keys it does not have are left out. */
export function specRows(categoryId: string, specs: Record<string, SpecValue> | undefined): Array<{ key: SpecKey; label: string; value: string }> {
  if (!specs) return [];
  const rows: Array<{ key: SpecKey; label: string; value: string }> = [];
  for (const field of specFieldsOf(categoryId)) {
    const value = specs[field.key];
    if (value === undefined || (Array.isArray(value) && value.length === 0) || value === '') continue;
    rows.push({ key: field.key, label: field.label, value: specValueText(field, value) });
  }
  return rows;
}

/** The values a filter or a want can pick for a field; free texts and quantities have no list. */
export function specFilterChoices(field: SpecField): ReadonlyArray<{ value: string; label: string }> | null {
  if (field.kind === 'flag') return [{ value: 'true', label: 'Yes' }, { value: 'false', label: 'No' }];
  return field.choices ?? null;
}

/**
 * Spec values kept only where they mean something for this category: its keys, and for a listed field only values
 * of its list (a value remembered from an older list would be refused by the API). Keys in the category's order,
 * values in the list's order, so equal filters make equal query keys.
 */
export function specValuesFor(categoryId: string | undefined, values: SpecValues | undefined): SpecValues {
  const kept: SpecValues = {};
  if (!values) return kept;
  const fields = categoryId ? specFieldsOf(categoryId) : [];
  for (const field of fields) {
    const chosen = values[field.key];
    if (!chosen || chosen.length === 0) continue;
    const listed = specFilterChoices(field);
    const ordered = listed ? listed.map((choice) => choice.value).filter((value) => chosen.includes(value)) : [...new Set(chosen)];
    if (ordered.length > 0) kept[field.key] = ordered;
  }
  return kept;
}

/** How many values are chosen in all (each one a filter, as each ticked region is). */
export const countSpecValues = (values: SpecValues | undefined) => Object.values(values ?? {}).reduce((sum, list) => sum + (list?.length ?? 0), 0);

/** The feed's spec parameters: `{ size: '65%,75%', mounting: 'hot-swap' }`. */
export function specQueryOf(values: SpecValues): Partial<Record<SpecKey, string>> {
  const query: Partial<Record<SpecKey, string>> = {};
  for (const [key, list] of Object.entries(values)) if (list && list.length > 0) query[key as SpecKey] = list.join(',');
  return query;
}

/** The spec parameters of a feed query back as values per key (commas split). */
export function specValuesOfQuery(query: Partial<Record<string, unknown>>): SpecValues {
  const values: SpecValues = {};
  for (const key of SPEC_KEYS) {
    const raw = query[key];
    if (typeof raw !== 'string' || raw === '') continue;
    const list = raw.split(',').filter((value) => value !== '');
    if (list.length > 0) values[key] = list;
  }
  return values;
}

/**
 * Stored spec values (localStorage, a want) read defensively: known keys only, lists of short texts, at most 20 a
 * key; anything else is dropped rather than trusted.
 */
export function parseSpecValues(raw: unknown): SpecValues {
  const values: SpecValues = {};
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return values;
  for (const [key, list] of Object.entries(raw as Record<string, unknown>)) {
    if (!isSpecKey(key) || !Array.isArray(list)) continue;
    const texts = list.filter((value): value is string => typeof value === 'string' && value !== '' && value.length <= SPEC_TEXT_MAX);
    if (texts.length > 0) values[key] = [...new Set(texts)].slice(0, 20);
  }
  return values;
}

/** Spec values in words, one part per key: 'Size: 65%, 75%', 'Lubed: Yes'. */
export function specSummary(values: SpecValues | undefined): string[] {
  const parts: string[] = [];
  for (const key of SPEC_KEYS) {
    const list = values?.[key];
    if (!list || list.length === 0) continue;
    const field = Object.values(CATEGORY_SPECS)
      .flat()
      .find((candidate) => candidate.key === key && (!candidate.choices || list.every((v) => candidate.choices!.some((c) => c.value === v))));
    const label = specLabelOf(key);
    parts.push(`${label}: ${field ? list.map((v) => specValueLabel(field, v)).join(', ') : list.join(', ')}`);
  }
  return parts;
}
