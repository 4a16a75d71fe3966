import { z } from 'zod';

/**
 * Sold-price history (issue 16): GET /api/items/price-history with the feed's search and filters (searchText,
 * categoryIds, regions, saleType). Sales of the last 12 months, sale price without shipping; never who bought or
 * sold. Below PRICE_HISTORY_MIN_SALES matching sales the figures are null and `recent` empty: too few to be a price.
 */
export const PRICE_HISTORY_MIN_SALES = 3;
/** The last sales listed (the chart's points), newest first. */
export const PRICE_HISTORY_RECENT = 10;
export const PRICE_HISTORY_MONTHS = 12;

export const PriceHistoryQuerySchema = z.object({
  searchText: z.string().max(200).optional(),
  categoryIds: z.string().max(2000).optional(),
  regions: z.string().max(2000).optional(),
  saleType: z.string().max(64).optional(),
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
