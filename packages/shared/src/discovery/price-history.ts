import { z } from 'zod';
import { ERROR_CODES } from '../platform/codes';

/**
 * Sold-price history (issue 16): GET /api/items/price-history with the feed's search and filters (searchText,
 * categoryIds, regions, saleType). Sales of the last 12 months, sale price without shipping; never who bought or
 * sold. Below PRICE_HISTORY_MIN_SALES matching sales the figures are null and `recent` empty: too few to be a price.
 */
export const PRICE_HISTORY_MIN_SALES = 3;
/** The last sales listed (the chart's points), newest first. */
export const PRICE_HISTORY_RECENT = 10;
export const PRICE_HISTORY_MONTHS = 12;

const queryText = (max: number) => z.string({ error: ERROR_CODES.badRequest }).max(max, { error: ERROR_CODES.tooLong });

export const PriceHistoryQuerySchema = z.object({
  searchText: queryText(200).optional(),
  categoryIds: queryText(2000).optional(),
  regions: queryText(2000).optional(),
  saleType: queryText(64).optional(),
});
export type PriceHistoryQuery = z.infer<typeof PriceHistoryQuerySchema>;

export const PriceHistorySchema = z.object({
  count: z.number().int(),
  median: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  recent: z.array(z.object({ price: z.number(), soldAt: z.string(), thumbnail: z.string(), name: z.string() })),
});
export type PriceHistory = z.infer<typeof PriceHistorySchema>;
