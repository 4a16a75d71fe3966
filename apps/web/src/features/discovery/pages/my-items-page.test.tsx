import { screen, waitFor, within } from '@testing-library/react';
import type { UserProfile } from '@keeb/shared';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '../../../test/fake-api';
import { createTestQueryClient, currentUrl, renderApp, seedCategories, seedSession } from '../../../test/render-app';
import { makeItem } from '../../../test/make-item';

const item = (id: string, name: string) => makeItem(0, { _id: id, name });

const ownProfile: UserProfile = {
  _id: 'u1',
  username: 'switchfan',
  bio: '',
  avatar: null,
  shippingRegion: { code: 'US', name: 'United States' },
  reddit: { isLinked: false, transactions: { count: 0, isTransferred: false } },
  numFollowers: 1,
  numFollowing: 0,
  transactions: 0,
  numForSale: 1,
  awayUntil: null,
  karma: 5,
  isUserProfile: true,
  isFollowing: false,
  rating: { overall: 0, count: 0 },
  trust: {
    memberSince: '2026-02-10T12:00:00.000Z',
    confirmedTrades: 2,
    shippedOnTime: { share: null, orders: 1 },
    replyMinutes: null,
    emailVerified: true,
    phoneVerified: false,
    openProblems: 1,
  },
};

function setup(path = '/me') {
  const api = installFakeApi({
    'GET /user/switchfan/profile': { body: ownProfile },
    'GET /me/items/listed': { body: [item('l1', 'Listed Board')] },
    'GET /me/items/sold': { body: [makeItem(0, { _id: 's1', name: 'Sold Board', priceSold: 140 }), makeItem(0, { _id: 's2', name: 'Traded Board', priceSold: null, traded: true })] },
    'GET /me/items/purchased': { body: [makeItem(0, { _id: 'p1', name: 'Bought Board', priceSold: 99.5 })] },
  });
  const queryClient = createTestQueryClient();
  seedSession(queryClient, { username: 'switchfan' });
  seedCategories(queryClient);
  return { ...renderApp(path, queryClient), api };
}

describe('/me', () => {
  it('shows the own header without Follow, a settings link and the Listed tab', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'My Items' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('My Items'));
    const header = await screen.findByRole('region', { name: 'switchfan' });
    expect(within(header).getByRole('heading', { level: 2, name: 'switchfan' })).toBeInTheDocument();
    expect(within(header).getByText('5 karma')).toBeInTheDocument();
    // The own trust panel, an open problem included.
    expect(within(within(header).getByRole('list', { name: 'Trust' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Member since February 2026',
      '2 confirmed trades',
      '✓Email verified',
      '!1 open problem as a seller',
    ]);
    expect(within(header).queryByRole('button', { name: 'Follow' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Settings' }).map((link) => link.getAttribute('href'))).toContain('/settings');

    const tabs = within(screen.getByRole('tablist', { name: 'My items' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Listed', 'Sold', 'Purchased']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'Listed' });
    expect(await within(panel).findByText('Listed Board')).toBeInTheDocument();
  });

  it('marks pending and rejected listings on the Listed tab', async () => {
    installFakeApi({
      'GET /user/switchfan/profile': { body: ownProfile },
      'GET /me/items/listed': {
        body: [
          makeItem(0, { _id: 'a1', name: 'Live Board', approvalStatus: 'approved' }),
          makeItem(1, { _id: 'p1', name: 'Pending Board', approvalStatus: 'pending' }),
          makeItem(2, { _id: 'r1', name: 'Rejected Board', approvalStatus: 'rejected' }),
        ],
      },
    });
    const queryClient = createTestQueryClient();
    seedSession(queryClient, { username: 'switchfan' });
    seedCategories(queryClient);
    renderApp('/me', queryClient);

    const panel = await screen.findByRole('tabpanel', { name: 'Listed' });
    const card = async (name: string) => (await within(panel).findByText(name)).closest('article') as HTMLElement;
    expect(within(await card('Pending Board')).getByText('Awaiting approval')).toBeInTheDocument();
    expect(within(await card('Rejected Board')).getByText('Not approved')).toBeInTheDocument();
    const live = await card('Live Board');
    expect(within(live).queryByText(/approv/i)).not.toBeInTheDocument();
    // The marker is part of the card's link, so it is read with the listing's name.
    expect(within(await card('Pending Board')).getByRole('link', { name: /Pending Board.*Awaiting approval/ })).toBeInTheDocument();
  });

  it('switches lists by click and arrow keys, keeping the tab in ?tab', async () => {
    const { user, router, api } = setup();
    await screen.findByText('Listed Board');

    await user.click(screen.getByRole('tab', { name: 'Sold' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/me?tab=sold'));
    const sold = await screen.findByRole('tabpanel', { name: 'Sold' });
    expect(await within(sold).findByText('Sold Board')).toBeInTheDocument();
    expect(within(sold).getByText('Sold for $140')).toBeInTheDocument();
    // Gone in a trade (issue 28): no price to show; the tag says Traded and the line says how, once (issue 36).
    const traded = within(sold).getByRole('link', { name: /Traded Board/ });
    expect(traded).toHaveTextContent(/^TradedTraded BoardGone in a trade/);
    expect(traded.textContent?.match(/Traded/g)).toHaveLength(2);
    expect(screen.queryByText('Listed Board')).not.toBeInTheDocument();

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Purchased' })).toHaveFocus();
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Purchased' })).toHaveAttribute('aria-selected', 'true'));
    expect(currentUrl(router)).toBe('/me?tab=purchased');
    const purchased = await screen.findByRole('tabpanel', { name: 'Purchased' });
    expect(await within(purchased).findByText('Bought Board')).toBeInTheDocument();
    expect(within(purchased).getByText('Sold for $99.50')).toBeInTheDocument();

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Listed' })).toHaveFocus();
    await waitFor(() => expect(currentUrl(router)).toBe('/me'));
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Purchased' })).toHaveFocus();
    await waitFor(() => expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([-1, -1, 0]));

    expect(api.callsTo('GET /me/items/sold')).toHaveLength(1);
    expect(api.callsTo('GET /me/items/purchased')).toHaveLength(1);
  });

  it('opens on the tab the URL names', async () => {
    const { api } = setup('/me?tab=sold');
    expect(await screen.findByText('Sold Board')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Sold' })).toHaveAttribute('aria-selected', 'true');
    expect(api.callsTo('GET /me/items/listed')).toHaveLength(0);
  });

  it('falls back to Listed for an unknown tab', async () => {
    setup('/me?tab=bogus');
    expect(await screen.findByText('Listed Board')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Listed' })).toHaveAttribute('aria-selected', 'true');
  });

  it('links a Sold or Purchased card with an order to the order and says where it stands', async () => {
    installFakeApi({
      'GET /user/switchfan/profile': { body: ownProfile },
      'GET /me/items/sold': {
        body: [
          makeItem(0, { _id: 's1', name: 'Late Board', priceSold: 140, order: { _id: 'o1', status: 'paid', late: true } }),
          makeItem(1, { _id: 's2', name: 'Shipped Board', priceSold: 90, order: { _id: 'o2', status: 'shipped', late: false } }),
          makeItem(2, { _id: 's3', name: 'Old Sale', priceSold: 50, order: null }),
        ],
      },
    });
    const queryClient = createTestQueryClient();
    seedSession(queryClient, { username: 'switchfan', counts: { numOrdersToAct: 2, numNewTrades: 0 } });
    seedCategories(queryClient);
    renderApp('/me?tab=sold', queryClient);

    const panel = await screen.findByRole('tabpanel', { name: 'Sold' });
    const card = async (name: string) => (await within(panel).findByText(name)).closest('article') as HTMLElement;
    const late = await card('Late Board');
    expect(within(late).getByRole('link', { name: /Late Board.*Sold for \$140.*Awaiting shipment.*Late/ })).toHaveAttribute('href', '/me/orders/o1');
    const shipped = await card('Shipped Board');
    expect(within(shipped).getByTestId('order-status')).toHaveTextContent(/^Shipped$/);
    expect(within(late).getByTestId('order-status')).toHaveTextContent('Awaiting shipment · Late');
    expect(within(await card('Old Sale')).getByRole('link', { name: /Old Sale/ })).toHaveAttribute('href', '/detail/s3');
    // The way to the orders, with how many wait on this user.
    const orders = screen.getAllByRole('link', { name: /^Orders/ }).find((link) => link.getAttribute('href') === '/me/orders');
    expect(orders).toHaveTextContent('(2 orders to act on)');
  });
});
