import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { itemShipping, items, regions, users } from '../../db/schema/index';

const publicItem = and(eq(items.approvalStatus, 'approved'), isNull(items.purchaserId), isNull(items.removedAt));

/**
 * One page of the public feed, newest first, keyset on timeListed. The ORDER BY matches items_feed_idx
 * (DESC NULLS LAST) so PostgreSQL walks the partial index instead of sorting.
 */
export function feedPage(db: Queryable, options: { before?: Date | undefined; categoryId?: string | undefined; limit: number }) {
  return db
    .select({
      id: items.id,
      name: items.name,
      priceCents: items.priceCents,
      priceSoldCents: items.priceSoldCents,
      thumbnail: items.thumbnail,
      photos: items.photos,
      categoryId: items.categoryId,
      saleTypeId: items.saleTypeId,
      offersAccepted: items.offersAccepted,
      isFixedPrice: items.isFixedPrice,
      timeListed: items.timeListed,
      saveCount: items.saveCount,
      sellerId: users.id,
      sellerUsername: users.username,
      sellerAvatar: users.avatar,
    })
    .from(items)
    .innerJoin(users, eq(users.id, items.sellerId))
    .where(
      and(
        publicItem,
        isNull(users.removedAt),
        options.before ? lt(items.timeListed, options.before) : undefined,
        options.categoryId ? eq(items.categoryId, options.categoryId) : undefined,
      ),
    )
    .orderBy(sql`${items.timeListed} desc nulls last`, sql`${items.id} desc nulls last`)
    .limit(options.limit);
}

/** Shipping options of many items in one query (never one query per item). */
export function shippingFor(db: Queryable, itemIds: string[]) {
  if (itemIds.length === 0) return Promise.resolve([]);
  return db
    .select({ itemId: itemShipping.itemId, code: itemShipping.regionCode, name: regions.name, priceCents: itemShipping.priceCents })
    .from(itemShipping)
    .innerJoin(regions, eq(regions.code, itemShipping.regionCode))
    .where(inArray(itemShipping.itemId, itemIds))
    .orderBy(regions.position);
}
