/**
 * Reference data the product ships with. The API seeds it idempotently at start; the ids are stable slugs
 * because they appear in URLs (/items/{categoryId}) and in users' saved filters.
 */
export const CATEGORIES = [
  { _id: 'keyboards', name: 'Keyboards' },
  { _id: 'keycaps', name: 'Keycaps' },
  { _id: 'artisan', name: 'Artisan' },
  { _id: 'parts', name: 'Parts' },
  { _id: 'accessories', name: 'Accessories' },
] as const;

export type CategoryId = (typeof CATEGORIES)[number]['_id'];

/** Blog categories (spec part 2: one is 'Giveaway', whose posts carry a giveaway; see GIVEAWAY_CATEGORY_ID). */
export const BLOG_CATEGORIES = [
  { _id: 'news', name: 'News' },
  { _id: 'guides', name: 'Guides' },
  { _id: 'interviews', name: 'Interviews' },
  { _id: 'giveaway', name: 'Giveaway' },
] as const;

export type BlogCategoryId = (typeof BLOG_CATEGORIES)[number]['_id'];

/**
 * See docs/decisions/0001-what-sale-types-category-call-returns.md: an individual's listing, or a vendor's product
 * (the /vendor routes).
 */
export const SALE_TYPES = [
  { _id: 'individual', name: 'Individual Sale' },
  { _id: 'vendor', name: 'Vendor Product' },
] as const;

export type SaleTypeId = (typeof SALE_TYPES)[number]['_id'];

export const REGIONS = [
  { code: 'US', name: 'United States' },
  { code: 'CA', name: 'Canada' },
  { code: 'UK', name: 'United Kingdom' },
  { code: 'EU', name: 'European Union' },
  { code: 'AU', name: 'Australia' },
  { code: 'AS', name: 'Asia' },
  { code: 'RW', name: 'Rest of World' },
] as const;

export type RegionCode = (typeof REGIONS)[number]['code'];
