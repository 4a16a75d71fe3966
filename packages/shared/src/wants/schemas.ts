import { z } from 'zod';
import { CursorTimestampSchema, isPriceText, ItemSummarySchema } from '../items/schemas';
import { PRICE_MAX } from '../items/codes';
import { ERROR_CODES } from '../platform/codes';
import { WANT_ERRORS, WANT_LIMITS } from './codes';
import { WantSpecsInputSchema, WantSpecsSchema } from '../specs/schemas';

/**
 * Want-lists (issue 16): a buyer's saved search that alerts them when a matching listing goes on sale.
 * GET/POST /api/me/wants, PUT/DELETE /api/me/wants/{id}, GET /api/me/wants/{id}/matches, POST /api/me/wants/seen.
 */

/** A price limit in dollars: left out stays undefined (an edit keeps the stored one), null or blank is none. */
const price = z
  .union([z.number(), z.string(), z.null()], { error: WANT_ERRORS.price })
  .optional()
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    if (v === null || (typeof v === 'string' && v.trim() === '')) return null;
    const text = typeof v === 'number' ? String(v) : v.trim();
    if (!isPriceText(text) || Number(text) <= 0 || Number(text) > PRICE_MAX) {
      ctx.addIssue({ code: 'custom', message: WANT_ERRORS.price, path: [] });
      return z.NEVER;
    }
    return Number(text);
  });

const searchText = z.string({ error: ERROR_CODES.badRequest }).max(WANT_LIMITS.searchTextMax, { error: WANT_ERRORS.tooLong });
/** Reference ids (categories, regions): the service checks that each exists. */
const ids = z.array(z.string({ error: WANT_ERRORS.invalidFilter }).max(64, { error: WANT_ERRORS.invalidFilter }), { error: WANT_ERRORS.invalidFilter }).max(20, { error: WANT_ERRORS.invalidFilter });
const saleTypeId = z.string({ error: WANT_ERRORS.invalidFilter }).max(64, { error: WANT_ERRORS.invalidFilter }).nullable();
const normaliseText = (text: string) => text.trim().replace(/\s+/g, ' ');

/** What a want holds, as POST /api/me/wants takes it (the feed's filters: spec 2.3's categoryIds, regions, saleType). */
export const WantInputSchema = z
  .object({
    searchText: searchText.optional().default(''),
    categoryIds: ids.optional().default([]),
    regions: ids.optional().default([]),
    maxPrice: price,
    saleTypeId: saleTypeId.optional().default(null),
    /** Issue 29: specs, key -> values (any will do); checked against the categories by checkWantSpecs in the API. */
    specs: WantSpecsInputSchema,
  })
  .transform((v) => ({
    ...v,
    searchText: normaliseText(v.searchText),
    categoryIds: [...new Set(v.categoryIds)],
    regions: [...new Set(v.regions)],
    maxPrice: v.maxPrice ?? null,
  }));
export type WantInput = z.input<typeof WantInputSchema>;
export type ValidWantInput = z.output<typeof WantInputSchema>;

/**
 * PUT /api/me/wants/{id}: any of the fields to change (left out: kept), `paused` to pause or resume, `renew: true`
 * to start a new 90 days from now.
 */
export const WantUpdateSchema = z
  .object({
    searchText: searchText.optional(),
    categoryIds: ids.optional(),
    regions: ids.optional(),
    maxPrice: price,
    saleTypeId: saleTypeId.optional(),
    specs: WantSpecsInputSchema,
    paused: z.boolean({ error: ERROR_CODES.badRequest }).optional(),
    renew: z.literal(true, { error: ERROR_CODES.badRequest }).optional(),
  })
  .transform((v) => ({
    ...v,
    searchText: v.searchText === undefined ? undefined : normaliseText(v.searchText),
    categoryIds: v.categoryIds && [...new Set(v.categoryIds)],
    regions: v.regions && [...new Set(v.regions)],
  }));
export type WantUpdate = z.input<typeof WantUpdateSchema>;
export type ValidWantUpdate = z.output<typeof WantUpdateSchema>;

/** GET /api/me/wants/{id}/matches: the last match of the previous page (its matchedAt and listing id). */
export const WantMatchesQuerySchema = z.object({
  ts: CursorTimestampSchema.optional(),
  cursorId: z.uuid({ error: 'invalid_cursor' }).optional(),
});
export type WantMatchesQuery = z.infer<typeof WantMatchesQuerySchema>;

/** A want as its owner sees it. */
export const WantSchema = z.object({
  _id: z.string(),
  searchText: z.string(),
  categoryIds: z.array(z.string()),
  regions: z.array(z.string()),
  maxPrice: z.number().nullable(),
  saleTypeId: z.string().nullable(),
  /** Issue 29: key -> values as the lists write them ({} when none). */
  specs: WantSpecsSchema,
  paused: z.boolean(),
  /** ISO time it lapses; renewing moves it 90 days from the renewal. */
  expiresAt: z.string(),
  isExpired: z.boolean(),
  createdAt: z.string(),
  /** Listings matched so far, and those the owner has not seen yet (the Wants badge sums these). */
  matchCount: z.number().int(),
  newMatches: z.number().int(),
});
export type Want = z.infer<typeof WantSchema>;

/** A listing that matched a want: the card, the price it matched at (item + shipping to the buyer) and when. */
export const WantMatchSchema = ItemSummarySchema.extend({ matchedAt: z.string(), matchedPrice: z.number() });
export type WantMatch = z.infer<typeof WantMatchSchema>;
