import { centsToDollars, ITEM_PAGE_SIZE, type ItemListQuery, type ItemSummary, type ShippingPrice } from '@keeb/shared';
import type { Database } from '../../db/client';
import * as repo from './repo';

export function createDiscoveryService(db: Database) {
  return {
    /** The public feed. The discovery issue adds filters, sorts and search on top of this keyset page. */
    async feed(query: ItemListQuery): Promise<ItemSummary[]> {
      const rows = await repo.feedPage(db, {
        before: query.ts ? new Date(query.ts) : undefined,
        categoryId: query.categoryIds?.split(',')[0] || undefined,
        limit: ITEM_PAGE_SIZE,
      });
      const shipping = new Map<string, ShippingPrice[]>();
      for (const s of await repo.shippingFor(db, rows.map((r) => r.id))) {
        const list = shipping.get(s.itemId) ?? [];
        list.push({ name: s.name, code: s.code, price: centsToDollars(s.priceCents) });
        shipping.set(s.itemId, list);
      }
      return rows.map((r) => ({
        _id: r.id,
        name: r.name,
        price: centsToDollars(r.priceCents),
        priceSold: r.priceSoldCents === null ? null : centsToDollars(r.priceSoldCents),
        thumbnail: r.thumbnail,
        photos: r.photos,
        categoryId: r.categoryId,
        saleTypeId: r.saleTypeId,
        offersAccepted: r.offersAccepted,
        isFixedPrice: r.isFixedPrice,
        timeListed: r.timeListed.toISOString(),
        likes: r.saveCount,
        sellerId: { _id: r.sellerId, username: r.sellerUsername, avatar: r.sellerAvatar },
        shippingPrices: shipping.get(r.id) ?? [],
      }));
    },
  };
}

export type DiscoveryService = ReturnType<typeof createDiscoveryService>;
