import type { OrderDetail, OrderSummary } from '@keeb/shared';

const PAID_AT = '2026-11-20T12:00:00.000Z';
const buyer = { _id: 'u-buyer', username: 'clackfan', avatar: null };
const seller = { _id: 'u-seller', username: 'switchfan', avatar: null };

/** One row of GET /me/orders, as the orders API answers it. */
export function makeOrderSummary(overrides: Partial<OrderSummary> = {}): OrderSummary {
  return {
    _id: 'o1',
    item: { _id: 'item-1', name: 'Tofu65 Aluminium', thumbnail: '/uploads/@2x_tofu.jpg' },
    status: 'paid',
    late: false,
    price: 180,
    shippingPrice: 15,
    paidAt: PAID_AT,
    otherUser: buyer,
    trade: null,
    ...overrides,
  };
}

/** GET /order/{id} for its seller by default: the address, and shipping to do. */
export function makeOrder(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return {
    ...makeOrderSummary(),
    role: 'seller',
    buyer,
    seller,
    shipBy: '2026-11-23T12:00:00.000Z',
    shippedAt: null,
    receivedAt: null,
    shipTo: {
      name: 'Casey Clack',
      line1: '1 Main St',
      line2: 'Apt 4',
      city: 'Springfield',
      region: 'IL',
      postalCode: '62701',
      country: 'US',
    },
    awaitingAddress: false,
    problem: null,
    timeline: [{ kind: 'paid', at: PAID_AT, data: {} }],
    actions: ['ship'],
    ...overrides,
  };
}

/** The same order as its buyer sees it once shipped with a tracking number. */
export function makeShippedForBuyer(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return makeOrder({
    role: 'buyer',
    otherUser: seller,
    status: 'shipped',
    shipTo: undefined,
    shippedAt: '2026-11-21T09:00:00.000Z',
    tracking: { number: '9400111899223197428490', carrier: 'usps', url: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223197428490' },
    timeline: [
      { kind: 'paid', at: PAID_AT, data: {} },
      { kind: 'shipped', at: '2026-11-21T09:00:00.000Z', data: {} },
    ],
    actions: ['received', 'problem', 'rate'],
    ...overrides,
  });
}
