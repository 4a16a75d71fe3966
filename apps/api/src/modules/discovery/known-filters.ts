import { CATEGORIES, REGIONS, SALE_TYPES } from '@keeb/shared';
import type { ListOptions } from './list-options';

const CATEGORY_IDS: ReadonlySet<string> = new Set(CATEGORIES.map((c) => c._id));
const REGION_CODES: ReadonlySet<string> = new Set(REGIONS.map((r) => r.code));
const SALE_TYPE_IDS: ReadonlySet<string> = new Set(SALE_TYPES.map((s) => s._id));

/**
 * A list's filters within the reference data the API seeds (categories, regions, sale types): values no listing can
 * hold are dropped, and undefined when a filter keeps none, so the page is empty without a query. Issue 37 found why
 * it matters: `saleType=<anything else>` made PostgreSQL estimate one matching row and read the whole table in
 * parallel (0.85 s at 1,000,000 listings), for any visitor. A filter that names a known value and an unknown one
 * is the known one alone, as the query read it before.
 */
export function withinReference(o: ListOptions): ListOptions | undefined {
  if (o.saleTypeId !== undefined && !SALE_TYPE_IDS.has(o.saleTypeId)) return undefined;
  const categoryIds = o.categoryIds?.filter((id) => CATEGORY_IDS.has(id));
  const regionCodes = o.regionCodes?.filter((code) => REGION_CODES.has(code));
  if (o.categoryIds?.length && !categoryIds?.length) return undefined;
  if (o.regionCodes?.length && !regionCodes?.length) return undefined;
  return { ...o, categoryIds, regionCodes };
}
