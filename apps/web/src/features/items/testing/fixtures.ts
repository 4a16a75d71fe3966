import type { Comment, ItemDetail, ItemDetailResponse } from '@keeb/shared';

/** Test data shaped as GET /item/{id} answers it. */
export function makeItem(overrides: Partial<ItemDetail> = {}): ItemDetail {
  return {
    _id: 'i1',
    name: 'Tofu65 Aluminium',
    description: 'Lubed switches.\nShips in original box.',
    price: 180,
    priceSold: null,
    photos: ['/uploads/items/u2/a.jpg', '/uploads/items/u2/b.jpg'],
    thumbnail: '/uploads/items/u2/@2x_a.jpg',
    photoChicklets: [],
    categoryId: 'keyboards',
    saleTypeId: 'individual',
    offersAccepted: true,
    isFixedPrice: true,
    shippingPrices: [
      { code: 'US', name: 'United States', price: 15 },
      { code: 'CA', name: 'Canada', price: 25 },
    ],
    specs: {},
    sellerAwayUntil: null,
    approvalStatus: 'approved',
    paymentStatus: 'none',
    openToTrades: false,
    lookingFor: '',
    tradePending: false,
    purchaserId: null,
    isSellerReviewed: false,
    isFollowing: false,
    likes: 3,
    timeListed: new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString(),
    comments: [],
    sellerId: {
      _id: 'u2',
      username: 'keyqueen',
      avatar: null,
      reddit: { isLinked: true, transactions: { count: 4 } },
      shippingRegion: { code: 'US', name: 'United States' },
      transactions: 12,
      rating: { overall: 4.666, count: 3 },
    },
    ...overrides,
  };
}

export function makeComment(overrides: Partial<Comment> = {}): Comment {
  return {
    _id: 'c1',
    userId: { _id: 'u3', username: 'switchfan', avatar: null, reddit: { isLinked: false } },
    timeCreated: new Date(Date.now() - 5 * 60 * 1000).toISOString(),
    body: 'Is this still available?',
    ...overrides,
  };
}

export function detailResponse(
  item: ItemDetail = makeItem(),
  viewer: { isLoggedIn?: boolean; isUserItem?: boolean } = {},
): ItemDetailResponse {
  return { item, isLoggedIn: viewer.isLoggedIn ?? true, isUserItem: viewer.isUserItem ?? false };
}

export const REGION_LIST = [
  { _id: 'US', code: 'US', name: 'United States' },
  { _id: 'CA', code: 'CA', name: 'Canada' },
  { _id: 'EU', code: 'EU', name: 'European Union' },
];
