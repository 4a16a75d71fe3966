import { sql } from 'drizzle-orm';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js';
import { BLOG_CATEGORIES, CATEGORIES, REGIONS, SALE_TYPES } from '@keeb/shared';
import type { Database } from '../client';
import { blogCategories, categories, countries, regions, saleTypes } from '../schema/index';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** Countries with their calling codes, from libphonenumber's metadata; names from the runtime's ICU data. */
export function countryRows() {
  return getCountries().map((code) => ({
    code,
    name: regionNames.of(code) ?? code,
    callingCodes: [`+${getCountryCallingCode(code)}`],
  }));
}

/** Idempotent: inserts what is missing and refreshes names and order, never deletes (rows may be referenced). */
export async function seedReferenceData(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(categories)
      .values(CATEGORIES.map((c, position) => ({ id: c._id, name: c.name, position })))
      .onConflictDoUpdate({ target: categories.id, set: { name: sql`excluded.name`, position: sql`excluded.position` } });
    await tx
      .insert(saleTypes)
      .values(SALE_TYPES.map((s, position) => ({ id: s._id, name: s.name, position })))
      .onConflictDoUpdate({ target: saleTypes.id, set: { name: sql`excluded.name`, position: sql`excluded.position` } });
    await tx
      .insert(regions)
      .values(REGIONS.map((r, position) => ({ code: r.code, name: r.name, position })))
      .onConflictDoUpdate({ target: regions.code, set: { name: sql`excluded.name`, position: sql`excluded.position` } });
    await tx
      .insert(blogCategories)
      .values(BLOG_CATEGORIES.map((c, position) => ({ id: c._id, name: c.name, position })))
      .onConflictDoUpdate({ target: blogCategories.id, set: { name: sql`excluded.name`, position: sql`excluded.position` } });
    await tx
      .insert(countries)
      .values(countryRows())
      .onConflictDoUpdate({ target: countries.code, set: { name: sql`excluded.name`, callingCodes: sql`excluded.calling_codes` } });
  });
}
