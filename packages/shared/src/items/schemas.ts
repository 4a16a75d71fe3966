import { z } from 'zod';

export const ShippingPriceSchema = z.object({ name: z.string(), code: z.string(), price: z.number() });
export type ShippingPrice = z.infer<typeof ShippingPriceSchema>;

export const SellerRefSchema = z.object({
  _id: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
});

/** One card of an item list (feed, search, profile, vault). Prices in dollars, times as ISO strings. */
export const ItemSummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  price: z.number(),
  priceSold: z.number().nullable(),
  thumbnail: z.string(),
  photos: z.array(z.string()),
  categoryId: z.string(),
  saleTypeId: z.string(),
  offersAccepted: z.boolean(),
  isFixedPrice: z.boolean(),
  timeListed: z.string(),
  likes: z.number().int(),
  sellerId: SellerRefSchema,
  shippingPrices: z.array(ShippingPriceSchema),
});
export type ItemSummary = z.infer<typeof ItemSummarySchema>;

/** GET /api/items query. `ts` is the cursor: the last item's timeListed. */
export const ItemListQuerySchema = z.object({
  categoryIds: z.string().optional(),
  regions: z.string().optional(),
  searchText: z.string().optional(),
  sort: z.enum(['def', 'old', 'low', 'high', 'rate'], { error: 'invalid_sort' }).optional(),
  ts: z.iso.datetime({ offset: true, error: 'invalid_cursor' }).optional(),
  price: z.coerce.number({ error: 'invalid_cursor' }).optional(),
});
export type ItemListQuery = z.infer<typeof ItemListQuerySchema>;
