import { z } from 'zod';

export const CategorySchema = z.object({ _id: z.string(), name: z.string() });
export type Category = z.infer<typeof CategorySchema>;

export const SaleTypeSchema = z.object({ _id: z.string(), name: z.string() });
export type SaleType = z.infer<typeof SaleTypeSchema>;

/** GET /api/categories */
export const CategoriesResponseSchema = z.object({
  categories: z.array(CategorySchema),
  saleTypes: z.array(SaleTypeSchema),
});
export type CategoriesResponse = z.infer<typeof CategoriesResponseSchema>;

/** GET /api/regions answers an array of these. */
export const RegionSchema = z.object({ _id: z.string(), name: z.string(), code: z.string() });
export type Region = z.infer<typeof RegionSchema>;

/** GET /api/countries and GET /api/getCountries answer an array of these. */
export const CountrySchema = z.object({
  _id: z.string(),
  name: z.string(),
  status: z.literal('assigned'),
  countryCallingCodes: z.array(z.string()),
});
export type Country = z.infer<typeof CountrySchema>;
