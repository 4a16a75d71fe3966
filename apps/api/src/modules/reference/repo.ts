import { asc } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { categories, countries, regions, saleTypes } from '../../db/schema/index';

export function listCategories(db: Queryable) {
  return db.select({ id: categories.id, name: categories.name }).from(categories).orderBy(asc(categories.position));
}

export function listSaleTypes(db: Queryable) {
  return db.select({ id: saleTypes.id, name: saleTypes.name }).from(saleTypes).orderBy(asc(saleTypes.position));
}

export function listRegions(db: Queryable) {
  return db.select({ code: regions.code, name: regions.name }).from(regions).orderBy(asc(regions.position));
}

export function listCountries(db: Queryable) {
  return db
    .select({ code: countries.code, name: countries.name, callingCodes: countries.callingCodes })
    .from(countries)
    .orderBy(asc(countries.name));
}
