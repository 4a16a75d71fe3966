import type { ItemSummary } from '@keeb/shared';

/**
 * A listing card as GET /items answers it; the index makes ids, names, prices and times distinct. Here rather than
 * in a feature, since features never import each other and several show cards (the feed, a want's matches).
 */
export function makeItem(index: number, overrides: Partial<ItemSummary> = {}): ItemSummary {
  return {
    _id: `item-${index}`,
    name: `Keyboard ${index}`,
    price: 100 + index,
    priceSold: null,
    thumbnail: `/uploads/@2x_photo-${index}.jpg`,
    photos: [`/uploads/photo-${index}.jpg`],
    categoryId: 'keyboards',
    saleTypeId: 'individual',
    offersAccepted: true,
    isFixedPrice: false,
    timeListed: new Date(Date.UTC(2024, 0, 1) - index * 60_000).toISOString(),
    likes: 0,
    openToTrades: false,
    tradePending: false,
    sellerId: { _id: `seller-${index}`, username: `seller${index}`, avatar: null },
    ...overrides,
  };
}
