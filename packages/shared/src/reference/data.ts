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

/** See docs/decisions.md: an individual's listing, or a vendor's product (the /vendor routes). */
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
