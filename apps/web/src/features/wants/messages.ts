import { formatCount, WANT_ERRORS, WANT_LIMITS } from '@keeb/shared';
import { isApiError } from '../../lib/api-error';
import { isSpecError, specErrorText } from '../../lib/specs';

/** The wants screens' texts (issue 16; ours, see the report's decisions). */
export const TEXTS = {
  tabLabel: 'Wants',
  empty: 'No wants yet. Search for something and choose "Save this search as a want".',
  loadFailed: "We couldn't load your wants.",
  matchesFailed: "We couldn't load the matches.",
  noMatches: 'No matches yet. We will tell you when a listing matches.',
  addWant: 'Add a want',
  newWant: 'New want',
  editWant: 'Edit want',
  saveWant: 'Save want',
  saveChanges: 'Save changes',
  saveSearch: 'Save this search as a want',
  savedToWants: 'Saved to your wants',
  viewWants: 'View your wants',
  deleteTitle: 'Delete this want?',
  deleteBody: 'Its matches go with it. This cannot be undone.',
  requiredKeywords: 'Enter some keywords or choose a category.',
  keywordsTooLong: `Keywords can be at most ${WANT_LIMITS.searchTextMax} characters.`,
  invalidFilter: 'One of the chosen filters is no longer offered. Check the categories, regions and sale type.',
  tooManyActive: `You can have up to ${WANT_LIMITS.active} active wants. Pause or delete one first.`,
  tooManyInAll: `You can keep up to ${formatCount(WANT_LIMITS.total)} wants. Delete one first.`,
  notFound: 'This want no longer exists.',
  somethingWentWrong: 'Something went wrong. Please try again.',
  priceLabel: 'Maximum price',
} as const;

export const codeOf = (error: unknown) => (isApiError(error) ? error.code : '');

/** A refusal as the screen shows it: beside its field when it has one, else in the form's or row's banner. */
export interface WantErrorText {
  field?: 'searchText' | 'maxPrice';
  message: string;
}

/** Maps each error code of the wants calls to a sentence; anything unexpected gets the generic one. */
export function wantErrorText(error: unknown): WantErrorText {
  const code = codeOf(error);
  // Issue 29: a spec refused (`specs.<key>`) is named in the banner.
  if (isSpecError(code)) {
    const field = isApiError(error) && typeof error.details.field === 'string' ? error.details.field : undefined;
    return { message: specErrorText(code, field) };
  }
  switch (code) {
    case WANT_ERRORS.fieldRequired:
      return { field: 'searchText', message: TEXTS.requiredKeywords };
    case WANT_ERRORS.tooLong:
      return { field: 'searchText', message: TEXTS.keywordsTooLong };
    case WANT_ERRORS.price:
      return { field: 'maxPrice', message: `${TEXTS.priceLabel} must be a number` };
    case WANT_ERRORS.invalidFilter:
      return { message: TEXTS.invalidFilter };
    case WANT_ERRORS.tooManyWants: {
      const max = isApiError(error) ? error.details.max : undefined;
      return { message: max === WANT_LIMITS.total ? TEXTS.tooManyInAll : TEXTS.tooManyActive };
    }
    case WANT_ERRORS.notFound:
      return { message: TEXTS.notFound };
    default:
      return { message: TEXTS.somethingWentWrong };
  }
}
