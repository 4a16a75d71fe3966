import { z } from 'zod';
import { CursorTimestampSchema } from '../items/schemas';
import { RATING_COMMENT_MAX, RATING_ERRORS, RATING_MAX, RATING_MIN } from './codes';

/** Seller feedback (spec part 2, sections 2, 3 and 7): what POST /user/feedback takes and the two GETs answer. */

/** A missing field answers field_required; anything else there answers `code`. */
const requiredOr = (code: string) => (issue: { input?: unknown }) => (issue.input === undefined ? RATING_ERRORS.fieldRequired : code);

const score = z
  .number({ error: requiredOr(RATING_ERRORS.invalidScore) })
  .int({ error: RATING_ERRORS.invalidScore })
  .min(RATING_MIN, { error: RATING_ERRORS.invalidScore })
  .max(RATING_MAX, { error: RATING_ERRORS.invalidScore });

/** POST /api/user/feedback: scores are JSON numbers (a select's string value is converted by the client). */
export const RatingInputSchema = z.object({
  sellerId: z.uuid({ error: requiredOr(RATING_ERRORS.wrongSeller) }),
  itemId: z.uuid({ error: requiredOr(RATING_ERRORS.notFound) }),
  description: score,
  communication: score,
  shipping: score,
  comment: z
    .string({ error: RATING_ERRORS.fieldRequired })
    .trim()
    .max(RATING_COMMENT_MAX, { error: RATING_ERRORS.tooLong })
    .nullish()
    .transform((comment) => comment ?? ''),
});
export type RatingInput = z.input<typeof RatingInputSchema>;
export type ValidRatingInput = z.output<typeof RatingInputSchema>;

/** GET /api/user/{id}/rating: the next page after the last rating shown (its createdAt and _id). */
export const RatingListQuerySchema = z.object({
  ts: CursorTimestampSchema.optional(),
  cursorId: z.uuid({ error: 'invalid_cursor' }).optional(),
});
export type RatingListQuery = z.infer<typeof RatingListQuerySchema>;

/** GET /api/user/{id}/rating-avg: each category's average out of 5, overall their mean; all 0 with no ratings. */
export interface RatingAverages {
  descAvg: number;
  commAvg: number;
  shipAvg: number;
  overall: number;
  count: number;
}

/** One rating as the feedback page lists it; itemId is null once the item is removed ('Item Removed'). */
export interface SellerRating {
  _id: string;
  description: number;
  communication: number;
  shipping: number;
  comment: string;
  createdAt: string;
  itemId: { _id: string; name: string; thumbnail: string } | null;
}

/** GET /api/user/{id}/rating: the seller, a page of their ratings (newest first) and their averages. */
export interface UserRatings extends RatingAverages {
  _id: { username: string };
  ratings: SellerRating[];
}

/** POST /api/user/feedback answers the stored rating. */
export interface StoredRating {
  _id: string;
  sellerId: string;
  itemId: string;
  description: number;
  communication: number;
  shipping: number;
  comment: string;
  createdAt: string;
}
