import { checkItemSpecs, specTags, type ItemSpecs, type ValidItemInput } from '@keeb/shared';

type StoredSpecs = { categoryId: string; specs: ItemSpecs };

/**
 * The stored specs re-read against a category: the keys that still belong to it, their values unchanged. A key
 * that does not belong (or, for a part no longer of kind 'switches', a switch key) is dropped rather than refused:
 * the seller changed the category, not the specs, and the form showed them only the new category's fields.
 */
export function specsFitFor(categoryId: string, specs: ItemSpecs): ItemSpecs {
  let kept: Record<string, unknown> = { ...specs };
  // Each round drops the key checkItemSpecs names first; a handful of keys at most.
  for (;;) {
    const checked = checkItemSpecs(categoryId, kept);
    if ('specs' in checked) return checked.specs;
    const key = checked.problem[1].replace(/^specs\.?/, '');
    if (!key || !(key in kept)) return {};
    const { [key]: _dropped, ...rest } = kept;
    kept = rest;
  }
}

/**
 * The specs columns of a save (issue 29), written with the rest of the listing: the form's specs (already checked
 * against its category by the shared schema), or on an edit that left them out the stored ones, re-read against
 * the category when it changed. The tags are derived here only, so the two columns never disagree.
 */
export function specColumns(input: ValidItemInput, stored?: StoredSpecs): { specs: ItemSpecs; specTags: string[] } {
  const specs = input.specs ?? (stored ? (stored.categoryId === input.categoryId ? stored.specs : specsFitFor(input.categoryId, stored.specs)) : {});
  return { specs, specTags: specTags(specs) };
}
