/**
 * The item lists' sort codes (spec part 1 section 9): newest first, oldest first, price low to high, high to low,
 * most saved. A plain list, not a schema, so the feed can check a remembered sort without loading zod.
 */
export const ITEM_SORTS = ['def', 'old', 'low', 'high', 'rate'] as const;
export type ItemSort = (typeof ITEM_SORTS)[number];

export const isItemSort = (value: unknown): value is ItemSort => (ITEM_SORTS as readonly unknown[]).includes(value);
