import { screen, within } from '@testing-library/react';
import type { OrderDetail, OrderTrade } from '@keeb/shared';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '../../../test/fake-api';
import { createTestQueryClient, renderApp, seedCategories, seedSession } from '../../../test/render-app';
import { tradeCashText } from '../components/trade-parcels';
import { makeOrder } from '../testing/fixtures';

/**
 * A trade's order (issue 28): switchfan (the trade's proposer) ships GMK Olivia to clackfan (the seller of the
 * Tofu65), who ships the Tofu65 back in the other parcel; the proposer added $40.
 */
function tradeSide(overrides: Partial<OrderTrade> = {}): OrderTrade {
  return {
    _id: 't1',
    status: 'accepted',
    cashToSeller: 40,
    cashToBuyer: 0,
    side: 'toSeller',
    items: [{ _id: 'k1', name: 'GMK Olivia', thumbnail: '/uploads/@2x_olivia.jpg', price: 140 }],
    otherOrder: {
      _id: 'o2',
      status: 'shipped',
      late: false,
      shippedAt: '2026-11-21T09:00:00.000Z',
      receivedAt: null,
      tracking: { number: '1Z999AA10123456784', carrier: 'ups', url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784' },
      items: [{ _id: 'i1', name: 'Tofu65 Aluminium', thumbnail: '/uploads/@2x_tofu.jpg', price: 180 }],
    },
    ...overrides,
  };
}

const tradeOrder = (overrides: Partial<OrderDetail> = {}) =>
  makeOrder({ price: 0, shippingPrice: 0, trade: { _id: 't1' }, item: { _id: 'k1', name: 'GMK Olivia', thumbnail: '/uploads/@2x_olivia.jpg' }, tradeSide: tradeSide(), ...overrides });

async function setup(order: OrderDetail) {
  const api = installFakeApi({ 'GET /order/o1': { body: order } });
  const queryClient = createTestQueryClient();
  seedSession(queryClient, { username: 'switchfan' });
  seedCategories(queryClient);
  const view = renderApp('/me/orders/o1', queryClient);
  await screen.findByTestId('order-page');
  return { ...view, api };
}

describe("/me/orders/:id of a trade's order", () => {
  it("says 'Trade', and shows this parcel with its items, status, ship-by and ship form", async () => {
    await setup(tradeOrder());
    expect(screen.getByTestId('trade-label')).toHaveTextContent('Trade');
    expect(screen.getByTestId('trade-label')).toHaveAttribute('href', '/me/offers?tab=trades');
    const mine = screen.getByRole('region', { name: 'This parcel' });
    expect(mine).toHaveTextContent('From switchfan to clackfan');
    expect(within(mine).getByRole('link', { name: 'GMK Olivia' })).toHaveAttribute('href', '/detail/k1');
    expect(within(mine).getByTestId('order-status')).toHaveTextContent('Awaiting shipment');
    expect(within(mine).getByTestId('order-ship-by')).toBeInTheDocument();
    // No sale prices on a trade: the item card of a sale is not shown.
    expect(screen.queryByTestId('order-total')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark as shipped' })).toBeInTheDocument();
  });

  it('shows the other parcel: its items, status, tracking and a link to its order', async () => {
    await setup(tradeOrder());
    const other = screen.getByRole('region', { name: 'The other parcel' });
    expect(other).toHaveTextContent('From clackfan to switchfan');
    expect(within(other).getByRole('link', { name: 'Tofu65 Aluminium' })).toHaveAttribute('href', '/detail/i1');
    expect(within(other).getByTestId('order-status')).toHaveTextContent('Shipped');
    expect(within(other).getByRole('link', { name: /Tracking: 1Z999AA10123456784 \(UPS\)/ })).toHaveAttribute(
      'href',
      'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    );
    expect(within(other).getByRole('link', { name: /other parcel/ })).toHaveAttribute('href', '/me/orders/o2');
  });

  it('says when the other parcel is late and not shipped yet', async () => {
    const side = tradeSide();
    await setup(tradeOrder({ tradeSide: { ...side, otherOrder: { ...side.otherOrder, status: 'paid', late: true, shippedAt: null, tracking: undefined } } }));
    const other = screen.getByRole('region', { name: 'The other parcel' });
    expect(within(other).getByTestId('order-late')).toHaveTextContent('Late');
    expect(other).toHaveTextContent('Not shipped yet');
  });

  it('the buyer side of this parcel confirms received as on any order, and sees its tracking', async () => {
    await setup(
      tradeOrder({
        role: 'buyer',
        status: 'shipped',
        shippedAt: '2026-11-21T09:00:00.000Z',
        tracking: { number: '9400111899223197428490', carrier: 'usps', url: null },
        actions: ['received', 'problem'],
      }),
    );
    const mine = screen.getByRole('region', { name: 'This parcel' });
    expect(within(mine).getByTestId('order-tracking')).toHaveTextContent('Tracking: 9400111899223197428490 (USPS)');
    expect(screen.getByRole('button', { name: 'Confirm received' })).toBeInTheDocument();
  });

  it('shows the cash part, who pays whom', async () => {
    await setup(tradeOrder());
    expect(screen.getByTestId('trade-cash')).toHaveTextContent('Cash: $40 from switchfan to clackfan');
  });

  it.each([
    ['toSeller', 40, 0, 'Cash: $40 from switchfan to clackfan'],
    ['toSeller', 0, 25, 'Cash: $25 from clackfan to switchfan'],
    ['toProposer', 40, 0, 'Cash: $40 from clackfan to switchfan'],
    ['toProposer', 0, 25, 'Cash: $25 from switchfan to clackfan'],
    [undefined, 40, 0, 'Cash: $40, paid through PayPal with the trade'],
    ['toSeller', 0, 0, 'No cash in this trade'],
  ] as const)('words the cash on the %s order (to seller %s, to proposer %s)', (side, cashToSeller, cashToBuyer, text) => {
    const order = { seller: { _id: 'u1', username: 'switchfan', avatar: null }, buyer: { _id: 'u3', username: 'clackfan', avatar: null } };
    expect(tradeCashText(order, { side, cashToSeller, cashToBuyer })).toBe(text);
  });

  it("a sale's order shows no trade parts", async () => {
    await setup(makeOrder());
    expect(screen.queryByTestId('trade-label')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'The other parcel' })).not.toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('$195');
  });
});
