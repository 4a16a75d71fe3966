import { act, screen, waitFor, within } from '@testing-library/react';
import { NOTIFICATION_HIDE_MS, type OrderNotification } from '@keeb/shared';
import { describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '../../../test/fake-api';
import { installFakeSocket } from '../../../test/fake-socket';
import { createTestQueryClient, currentUrl, renderApp, seedCategories, seedSession } from '../../../test/render-app';
import { makeOrder, makeShippedForBuyer } from '../testing/fixtures';

function setup(path = '/about') {
  let shipped = false;
  const api = installFakeApi({ 'GET /order/o1': () => ({ body: shipped ? makeShippedForBuyer() : makeOrder({ role: 'buyer', actions: [] }) }) });
  const queryClient = createTestQueryClient();
  seedSession(queryClient, { username: 'clackfan' });
  seedCategories(queryClient);
  return { ...renderApp(path, queryClient), api, ship: () => (shipped = true) };
}

const corner = () => screen.getByTestId('corner-notification');
const update: OrderNotification = {
  orderId: 'o1',
  item: { _id: 'item-1', name: 'Tofu65 Aluminium', thumbnail: '/uploads/@2x_tofu.jpg' },
  status: 'shipped',
  text: 'Your order of Tofu65 Aluminium has shipped.',
};

describe('the orderUpdate corner notification', () => {
  it("shows the push's text linking to the order, and hides after 10 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const socket = installFakeSocket();
    const { user, router } = setup();
    await screen.findByRole('heading', { level: 1, name: 'About' });
    await (await socket.ready()).serverEmit('orderUpdate', update);

    const notice = await within(corner()).findByRole('link', { name: 'Your order of Tofu65 Aluminium has shipped.' });
    expect(notice).toHaveAttribute('href', '/me/orders/o1');
    expect(within(notice).getByRole('presentation')).toHaveAttribute('src', '/uploads/@2x_tofu.jpg');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(NOTIFICATION_HIDE_MS + 100);
    });
    expect(within(corner()).queryByRole('link')).not.toBeInTheDocument();

    await (await socket.ready()).serverEmit('orderUpdate', update);
    await user.click(await within(corner()).findByRole('link', { name: /has shipped/ }));
    await waitFor(() => expect(currentUrl(router)).toBe('/me/orders/o1'));
    expect(await screen.findByTestId('order-page')).toBeInTheDocument();
    expect(within(corner()).queryByRole('link', { name: /has shipped/ })).not.toBeInTheDocument();
  });

  it('refreshes an open order page', async () => {
    const socket = installFakeSocket();
    const { api, ship } = setup('/me/orders/o1');
    await screen.findByTestId('order-page');
    expect(screen.getByTestId('order-status')).toHaveTextContent('Awaiting shipment');
    ship();
    await (await socket.ready()).serverEmit('orderUpdate', update);
    await waitFor(() => expect(api.callsTo('GET /order/o1')).toHaveLength(2));
    await waitFor(() => expect(screen.getByTestId('order-status')).toHaveTextContent('Shipped'));
    expect(screen.getByRole('link', { name: /Tracking: 9400111899223197428490 \(USPS\)/ })).toBeInTheDocument();
  });
});
