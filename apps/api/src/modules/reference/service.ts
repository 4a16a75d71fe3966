import type { CategoriesResponse, Country, Region } from '@keeb/shared';
import type { Database } from '../../db/client';
import * as repo from './repo';

/**
 * Reference data changes only with a deploy (it is seeded at start), so it is read once per process and served
 * from memory; the HTTP layer adds a cache header too.
 */
export function createReferenceService(db: Database) {
  let cached: Promise<{ categories: CategoriesResponse; regions: Region[]; countries: Country[] }> | undefined;

  async function load() {
    const [categoryRows, saleTypeRows, regionRows, countryRows] = await Promise.all([
      repo.listCategories(db),
      repo.listSaleTypes(db),
      repo.listRegions(db),
      repo.listCountries(db),
    ]);
    return {
      categories: {
        categories: categoryRows.map((c) => ({ _id: c.id, name: c.name })),
        saleTypes: saleTypeRows.map((s) => ({ _id: s.id, name: s.name })),
      },
      regions: regionRows.map((r) => ({ _id: r.code, name: r.name, code: r.code })),
      countries: countryRows.map((c) => ({ _id: c.code, name: c.name, status: 'assigned' as const, countryCallingCodes: c.callingCodes })),
    };
  }

  function data() {
    cached ??= load().catch((error: unknown) => {
      cached = undefined;
      throw error;
    });
    return cached;
  }

  return {
    categories: async () => (await data()).categories,
    regions: async () => (await data()).regions,
    countries: async () => (await data()).countries,
  };
}

export type ReferenceService = ReturnType<typeof createReferenceService>;
