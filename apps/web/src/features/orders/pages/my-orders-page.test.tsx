import { screen, waitFor, within } from '@testing-library/react';
import { ORDERS_PAGE_SIZE } from '@keeb/shared';
import { describe, expect, it } from 'vitest';
import { installFakeApi, type FakeRoute } from '../../../test/fake-api';
import { createTestQueryClient, currentUrl, renderApp, seedCategories, seedSession } from '../../../test/render-app';
import { makeOrder, makeOrderSummary } from '../testing/fixtures';

function setup(routes: Record<string, FakeRoute>, path = '/me/orders') {
  const api = installFakeApi(routes);
  const queryClient = createTestQueryClient();
  seedSession(queryClient, { username: 'switchfan' });
  seedCategories(queryClient);
  return { ...renderApp(path, queryClient), api };
}

const bought = [
  makeOrderSummary({ _id: 'o1', status: 'shipped', otherUser: { _id: 's1', username: 'keyqueen', avatar: null } }),
  makeOrderSummary({ _id: 'o2', item: { _id: 'i2', name: 'GMK Olivia', thumbnail: '/uploads/@2x_olivia.jpg' }, status: 'paid', late: true, price: 99.5 }),
];
const sold = [makeOrderSummary({ _id: 'o3', item: { _id: 'i3', name: 'Zealios V2', thumbnail: '/uploads/@2x_z.jpg' }, status: 'problem' })];

const byRole = (role: 'bought' | 'sold') => (request: { params: Record<string, unknown> }) =>
  ({ body: { orders: request.params.role === role ? (role === 'bought' ? bought : sold) : [], nextCursor: null } });

describe('/me/orders', () => {
  it("keeps the heading 'My Orders' with Bought and Sold tabs; Bought lists rows linking to each order", async () => {
    const { api } = setup({ 'GET /me/orders': byRole('bought') });
    expect(await screen.findByRole('heading', { level: 1, name: 'My Orders' })).toBeInTheDocument();
    const tabs = within(screen.getByRole('tablist', { name: 'My orders' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Bought', 'Sold']);
    const rows = await screen.findAllByTestId('order-row');
    expect(rows.map((row) => row.getAttribute('href'))).toEqual(['/me/orders/o1', '/me/orders/o2']);
    expect(rows[0]).toHaveTextContent('Tofu65 Aluminium');
    expect(rows[0]).toHaveTextContent('$180');
    expect(rows[0]).toHaveTextContent('from keyqueen');
    expect(within(rows[0]!).getByTestId('order-status')).toHaveTextContent('Shipped');
    expect(within(rows[1]!).getByTestId('order-status')).toHaveTextContent('Awaiting shipment');
    expect(within(rows[1]!).getByTestId('order-late')).toHaveTextContent('Late');
    expect(rows[1]).toHaveTextContent('$99.50');
    expect(api.callsTo('GET /me/orders')[0]?.params).toEqual({ role: 'bought' });
  });

  it('opens on Sold when nothing was bought and something was sold (issue 36); a chosen tab stays', async () => {
    const { router, user } = setup({ 'GET /me/orders': byRole('sold') });
    const [row] = await screen.findAllByTestId('order-row');
    expect(row).toHaveTextContent('Zealios V2');
    expect(within(screen.getByRole('tablist', { name: 'My orders' })).getByRole('tab', { selected: true })).toHaveTextContent('Sold');
    expect(currentUrl(router)).toBe('/me/orders?tab=sold');
    await user.click(screen.getByRole('tab', { name: 'Bought' }));
    expect(await screen.findByText('No Orders')).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/me/orders');
  });

  it('stays on Bought when both are empty, and when Bought is chosen by the address', async () => {
    setup({ 'GET /me/orders': { body: { orders: [], nextCursor: null } } });
    expect(await screen.findByText('No Orders')).toBeInTheDocument();
    expect(within(screen.getByRole('tablist', { name: 'My orders' })).getByRole('tab', { selected: true })).toHaveTextContent('Bought');
  });

  it('shows the Sold tab from ?tab=sold', async () => {
    const { api } = setup({ 'GET /me/orders': byRole('sold') }, '/me/orders?tab=sold');
    const [row] = await screen.findAllByTestId('order-row');
    expect(row).toHaveTextContent('Zealios V2');
    expect(row).toHaveTextContent('to clackfan');
    expect(within(row!).getByTestId('order-status')).toHaveTextContent('Problem reported');
    expect(api.callsTo('GET /me/orders')[0]?.params).toEqual({ role: 'sold' });
  });

  it("says 'Trade' on a trade's order instead of its $0 price (issue 28)", async () => {
    const trade = makeOrderSummary({ _id: 'o9', price: 0, shippingPrice: 0, trade: { _id: 't1' } });
    setup({ 'GET /me/orders': { body: { orders: [trade], nextCursor: null } } });
    const [row] = await screen.findAllByTestId('order-row');
    expect(row).toHaveTextContent('Trade');
    expect(row).toHaveTextContent(/Agreed /);
    expect(row).not.toHaveTextContent('$0');
  });

  it("says 'No Orders' when there are none", async () => {
    setup({ 'GET /me/orders': { body: { orders: [], nextCursor: null } } });
    expect(await screen.findByText('No Orders')).toBeInTheDocument();
  });

  it('loads the next page by its cursor with Load more', async () => {
    const { user, api } = setup({
      'GET /me/orders': (request) =>
        request.params.cursor
          ? { body: { orders: [makeOrderSummary({ _id: 'o9', item: { _id: 'i9', name: 'Older Board', thumbnail: '/x.jpg' } })], nextCursor: null } }
          : { body: { orders: bought, nextCursor: 'c-1' } },
    });
    await screen.findAllByTestId('order-row');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Older Board')).toBeInTheDocument();
    expect(api.callsTo('GET /me/orders')[1]?.params).toEqual({ role: 'bought', cursor: 'c-1' });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('reads the API\'s bare array: a short page is the last, a full one continues after its last order', async () => {
    const full = Array.from({ length: ORDERS_PAGE_SIZE }, (_, i) =>
      makeOrderSummary({ _id: `o${i}`, item: { _id: `i${i}`, name: `Board ${i}`, thumbnail: '/x.jpg' }, paidAt: new Date(Date.UTC(2026, 10, 20) - i * 60_000).toISOString() }),
    );
    const { user, api } = setup({
      'GET /me/orders': (request) => ({ body: request.params.cursor ? [makeOrderSummary({ _id: 'o99', item: { _id: 'i99', name: 'Oldest Board', thumbnail: '/x.jpg' } })] : full }),
    });
    expect(await screen.findAllByTestId('order-row')).toHaveLength(ORDERS_PAGE_SIZE);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Oldest Board')).toBeInTheDocument();
    const last = full[ORDERS_PAGE_SIZE - 1]!;
    expect(api.callsTo('GET /me/orders')[1]?.params).toEqual({ role: 'bought', cursor: `${last.paidAt}_${last._id}` });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('offers a retry when the list could not load', async () => {
    setup({ 'GET /me/orders': { status: 500, body: { message: 'server_error' } } });
    expect(await screen.findByText("We couldn't load your orders.")).toBeInTheDocument();
  });

  it('opens the order from its row', async () => {
    const { user, router } = setup({ 'GET /me/orders': byRole('bought'), 'GET /order/o1': { body: makeOrder() } });
    const [row] = await screen.findAllByTestId('order-row');
    await user.click(row!);
    await waitFor(() => expect(currentUrl(router)).toBe('/me/orders/o1'));
    expect(await screen.findByTestId('order-page')).toBeInTheDocument();
  });
});
