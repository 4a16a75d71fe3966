import { z } from 'zod';
import { ERROR_CODES } from '../platform/codes';
import { checkListFilterBounds } from '../items/list-query-bounds';

/** Sold-price history's query and answer (the figures' rules: price-history-limits.ts). */
const queryText = (max: number) => z.string({ error: ERROR_CODES.badRequest }).max(max, { error: ERROR_CODES.tooLong });

export const PriceHistoryQuerySchema = z.object({
  searchText: queryText(200).optional(),
  categoryIds: queryText(2000).optional(),
  regions: queryText(2000).optional(),
  saleType: queryText(64).optional(),
}).superRefine(checkListFilterBounds);
export type PriceHistoryQuery = z.infer<typeof PriceHistoryQuerySchema>;

export const PriceHistorySchema = z.object({
  count: z.number().int(),
  median: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  recent: z.array(z.object({ price: z.number(), soldAt: z.string(), thumbnail: z.string(), name: z.string() })),
});
export type PriceHistory = z.infer<typeof PriceHistorySchema>;
