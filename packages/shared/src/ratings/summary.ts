import { z } from 'zod';

/**
 * A seller's rating meter (spec part 1, 2.6 and 2.9): the overall average (the mean of the three category
 * averages, 0 when unrated) and how many ratings it stands on. On the profile and the item page's seller block.
 */
export const RatingSummarySchema = z.object({ overall: z.number(), count: z.number().int() });
export type RatingSummary = z.infer<typeof RatingSummarySchema>;
