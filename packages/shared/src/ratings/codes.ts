import { ERROR_CODES } from '../platform/codes';

/**
 * Seller feedback's limits and codes, apart from its zod schemas (schemas.ts): the item page's feedback form needs
 * only these, and a constant beside a schema brings zod (~22 KB gzip) into every page that imports it.
 */

/** Longest comment kept (after trimming): a few paragraphs, not an essay. */
export const RATING_COMMENT_MAX = 1000;
/** Scores are whole stars from 1 to 5; the form starts each at 3 (spec 9). */
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const RATING_DEFAULT = 3;
/** Ratings per page of GET /user/{id}/rating (newest first, keyset `ts` + `cursorId`). */
export const RATINGS_PAGE_SIZE = 30;

export const RATING_ERRORS = {
  notFound: ERROR_CODES.notFound,
  /** Only the item's buyer rates its seller. */
  forbidden: ERROR_CODES.forbidden,
  /** The seller rating their own sale. */
  ownItem: 'own_item',
  /** sellerId is not the item's seller. */
  wrongSeller: 'wrong_seller',
  /** This item's sale was rated already (one rating per item). */
  alreadyRated: 'already_rated',
  /** A score that is not a whole number from 1 to 5. */
  invalidScore: 'invalid_score',
  fieldRequired: ERROR_CODES.fieldRequired,
  tooLong: ERROR_CODES.tooLong,
} as const;
