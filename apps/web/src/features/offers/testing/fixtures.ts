import type { OfferItem, ReceivedItemGroup, ReceivedOffer, SentOffer } from '@keeb/shared';

/** Test data shaped as GET /me/offers/received and /sent answer it. */
export function makeOfferItem(overrides: Partial<OfferItem> = {}): OfferItem {
  return {
    _id: 'i1',
    name: 'Tofu65 Aluminium',
    description: 'Lubed switches.',
    price: 180,
    thumbnail: '/uploads/items/u2/@2x_a.jpg',
    purchaserId: null,
    priceSold: null,
    ...overrides,
  };
}

export function makeReceivedOffer(overrides: Partial<ReceivedOffer> = {}): ReceivedOffer {
  return {
    _id: 'o1',
    price: 150,
    counterPrice: null,
    shippingPrice: 15,
    status: 'pending',
    timeAccepted: null,
    offererId: { _id: 'u3', username: 'clackfan', shippingRegion: { code: 'US', name: 'United States' } },
    ...overrides,
  };
}

export function makeGroup(offers: ReceivedOffer[] = [makeReceivedOffer()], overrides: Partial<OfferItem> = {}): ReceivedItemGroup {
  return {
    ...makeOfferItem(overrides),
    offers,
    containsAcceptedOffer: offers.some((offer) => offer.status === 'accepted' || offer.status === 'paid'),
    lastActivityAt: '2026-11-20T10:00:00.000Z',
  };
}

export function makeSentOffer(overrides: Partial<SentOffer> = {}, item: Partial<OfferItem> = {}): SentOffer {
  return {
    _id: 's1',
    price: 150,
    counterPrice: null,
    shippingPrice: 15,
    status: 'pending',
    timeAccepted: null,
    itemId: makeOfferItem({ _id: 'i9', name: 'Keycap Set GMK Olivia', price: 120, ...item }),
    ...overrides,
  };
}

/** An ISO time `ms` milliseconds ago. */
export const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
export const HOUR = 60 * 60 * 1000;
