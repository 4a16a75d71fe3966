import { ERROR_CODES } from '../platform/codes';

/**
 * Want-lists' limits, codes and texts (issue 16), apart from the zod schemas (schemas.ts): the app shell's corner
 * notification and the feed's 'Save this search' use these, and must not pull the schema library into every page.
 */

export const WANT_LIMITS = {
  /** Wants that are neither paused nor expired, per user. */
  active: 25,
  /** Every want a user keeps, paused and expired included: a bound on the list and the table. */
  total: 100,
  /** How long a want lasts from its creation or last renewal. */
  lifetimeDays: 90,
  /** The owner is mailed this many days before a want lapses. */
  warnDaysBefore: 7,
  /** Longest search text, in characters (a feed search is as long). */
  searchTextMax: 200,
} as const;

/** Matches per page of GET /api/me/wants/{id}/matches (newest first, keyset `ts` + `cursorId`). */
export const WANT_MATCHES_PAGE_SIZE = 24;

export const WANT_ERRORS = {
  /** No words and no category: a want must say what it wants (details: field 'searchText'). */
  fieldRequired: ERROR_CODES.fieldRequired,
  tooLong: ERROR_CODES.tooLong,
  /** An unknown category, region or sale type (details: field). */
  invalidFilter: 'invalid_filter',
  /** maxPrice is not a price (details: field 'maxPrice'). */
  price: 'price',
  /** 25 active wants already (details: max); or 100 wants in all. */
  tooManyWants: 'too_many_wants',
  notFound: ERROR_CODES.notFound,
} as const;

export const WANT_ALERT_MODES = ['instant', 'daily'] as const;
export type WantAlertMode = (typeof WANT_ALERT_MODES)[number];

/** The label a want goes by in alerts ('New match for {want}'): its words, else its categories' names. */
export function wantLabel(want: { searchText: string; categoryIds: readonly string[] }, categoryName: (id: string) => string = (id) => id): string {
  return want.searchText || want.categoryIds.map(categoryName).join(', ');
}

/** The corner notification's text (issue 16). */
export const newMatchText = (label: string) => `New match for ${label}`;
