import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CATEGORIES, REGIONS } from '@keeb/shared';
import { categories, countries, regions } from '../../db/schema/index';
import { seedReferenceData } from '../../db/seed/reference';
import { useTestApp } from '../../test/app';

const t = useTestApp();

describe('reference data calls', () => {
  it('GET /api/categories answers the five categories in order, with sale types', async () => {
    const res = await (await t.client()).get('/api/categories');
    expect(res.status).toBe(200);
    expect(res.body.categories).toEqual([
      { _id: 'keyboards', name: 'Keyboards' },
      { _id: 'keycaps', name: 'Keycaps' },
      { _id: 'artisan', name: 'Artisan' },
      { _id: 'parts', name: 'Parts' },
      { _id: 'accessories', name: 'Accessories' },
    ]);
    expect(res.body.saleTypes).toEqual([
      { _id: 'individual', name: 'Individual Sale' },
      { _id: 'vendor', name: 'Vendor Product' },
    ]);
  });

  it('GET /api/regions answers every shipping region with its code', async () => {
    const res = await (await t.client()).get('/api/regions');
    expect(res.status).toBe(200);
    expect(res.body.map((r: { name: string }) => r.name)).toEqual([
      'United States',
      'Canada',
      'United Kingdom',
      'European Union',
      'Australia',
      'Asia',
      'Rest of World',
    ]);
    expect(res.body[0]).toEqual({ _id: 'US', name: 'United States', code: 'US' });
  });

  it.each(['/api/countries', '/api/getCountries'])('%s answers assigned countries with calling codes', async (path) => {
    const res = await (await t.client()).get(path);
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(200);
    expect(res.body).toContainEqual({ _id: 'US', name: 'United States', status: 'assigned', countryCallingCodes: ['+1'] });
    expect(res.body).toContainEqual({ _id: 'GB', name: 'United Kingdom', status: 'assigned', countryCallingCodes: ['+44'] });
    expect(res.body).toContainEqual({ _id: 'DE', name: 'Germany', status: 'assigned', countryCallingCodes: ['+49'] });
  });

  it('seeding again changes nothing (idempotent)', async () => {
    const before = await Promise.all([categories, regions, countries].map((table) => t.db.db.select({ n: count() }).from(table)));
    await seedReferenceData(t.db.db);
    await seedReferenceData(t.db.db);
    const after = await Promise.all([categories, regions, countries].map((table) => t.db.db.select({ n: count() }).from(table)));
    expect(after).toEqual(before);
    expect(after[0]?.[0]?.n).toBe(CATEGORIES.length);
    expect(after[1]?.[0]?.n).toBe(REGIONS.length);
  });
});
