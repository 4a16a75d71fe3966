/**
 * Sold-price history (issue 16): GET /api/items/price-history with the feed's search and filters (searchText,
 * categoryIds, regions, saleType). Sales of the last 12 months, sale price without shipping; never who bought or
 * sold. Below PRICE_HISTORY_MIN_SALES matching sales the figures are null and `recent` empty: too few to be a price.
 */
export const PRICE_HISTORY_MIN_SALES = 3;
/** The last sales listed (the chart's points), newest first. */
export const PRICE_HISTORY_RECENT = 10;
export const PRICE_HISTORY_MONTHS = 12;
