/**
 * Issue 29: the specs' error codes and the facet counts' cap. Every refusal answers `{ message: <code>, field }` with
 * the field named as `specs.<key>` (the listing's and the want's payloads) or `<key>` (the feed's query).
 */
export const SPEC_ERRORS = {
  /** A value outside its list, a count that is not a whole number in range, a text too long, or not a text. */
  invalidSpec: 'invalid_spec',
  /** A key that does not belong to the listing's category (or no key of that name at all). */
  specNotInCategory: 'spec_not_in_category',
} as const;

/**
 * Facet counts are exact up to this; a value with more public listings than this answers FACET_MORE (the counts
 * are then allowed to be approximate, and say so). The filters modal shows it as it is: '1,000+'.
 */
export const FACET_EXACT_MAX = 1000;
export const FACET_MORE = '1,000+';

/**
 * The hobby's synonyms search understands: each group's words find each other ('tkl' finds 'tenkeyless' and back).
 * Multi-word forms are matched as phrases. The first of a group is how the listings' specs write it.
 */
export const SEARCH_SYNONYMS: readonly (readonly string[])[] = [
  ['tkl', 'tenkeyless', '80%'],
  ['65%', '65 percent', '65 %'],
  ['60%', '60 percent', '60 %'],
  ['75%', '75 percent', '75 %'],
  ['40%', '40 percent', '40 %'],
  ['hot-swap', 'hotswap', 'hot swap', 'hotswappable', 'hot-swappable'],
  ['new-in-box', 'bnib', 'new in box', 'nib'],
  ['used-like-new', 'like new', 'lnib'],
  ['full', 'full size', 'fullsize', '100%'],
  ['1800', '96%'],
  ['dye-sub', 'dyesub', 'dye sub', 'dye sublimated'],
  ['doubleshot', 'double shot', 'double-shot'],
  ['tri-mode', 'trimode', 'tri mode'],
  ['alice/ergonomic', 'alice', 'arisu'],
  // Issue 36: the spec lists write 'aluminum'; sellers write either.
  ['aluminum', 'aluminium'],
];
