import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '../../test/fake-api';
import { createTestQueryClient, renderApp, seedCategories, seedSession, type SeedUser } from '../../test/render-app';

function setup(user?: SeedUser) {
  const queryClient = createTestQueryClient();
  seedSession(queryClient, user);
  seedCategories(queryClient);
  return queryClient;
}

const toolbar = () => screen.getByRole('navigation', { name: 'Main toolbar' });

describe('mobile bottom toolbar', () => {
  it('links Feed, Offers, Sell, Chats and Me, marking the current tab', async () => {
    installFakeApi({ 'GET /items': { body: [] } });
    renderApp('/items/keyboards', setup());
    await screen.findByRole('heading', { level: 1, name: 'Keyboards' });

    const links = within(toolbar()).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Feed', '/'],
      ['Offers', '/me/offers'],
      ['Sell', '/sell'],
      ['Chats', '/chats'],
      ['Me', '/me'],
    ]);
    expect(within(toolbar()).getByRole('link', { name: 'Feed' })).toHaveAttribute('aria-current', 'page');
    expect(within(toolbar()).getByRole('link', { name: 'Sell' })).not.toHaveAttribute('aria-current');
  });

  it('marks Offers (not Me) on /me/offers and shows the new-count badges', async () => {
    installFakeApi();
    renderApp('/me/offers', setup({ username: 'switchfan', counts: { numNewOffers: 4, numNewMessages: 27 } }));
    await screen.findByRole('heading', { level: 1, name: 'Offers' });

    const offers = within(toolbar()).getByRole('link', { name: /^Offers/ });
    expect(offers).toHaveAttribute('aria-current', 'page');
    expect(within(offers).getByText('4')).toBeInTheDocument();
    const chats = within(toolbar()).getByRole('link', { name: /^Chats/ });
    expect(within(chats).getByText('10+')).toBeInTheDocument();
    expect(within(toolbar()).getByRole('link', { name: /^Me/ })).not.toHaveAttribute('aria-current');
  });

  it("shows the user's avatar on the Me tab when logged in", async () => {
    installFakeApi();
    renderApp('/me', setup({ username: 'switchfan', avatar: '/uploads/a.jpg' }));
    await screen.findByRole('heading', { level: 1, name: 'My Items' });

    const me = within(toolbar()).getByRole('link', { name: 'Me' });
    expect(me).toHaveAttribute('aria-current', 'page');
    expect(me.querySelector('img')).toHaveAttribute('src', '/uploads/a.jpg');
  });

  it('badges Me with the orders waiting on the user (their way to /me/orders on a phone)', async () => {
    installFakeApi();
    renderApp('/about', setup({ username: 'switchfan', counts: { numOrdersToAct: 2, numNewTrades: 0 } }));
    await screen.findByRole('heading', { level: 1, name: 'About' });
    const me = within(toolbar()).getByRole('link', { name: /^Me/ });
    expect(within(me).getByText('(2 orders to act on)')).toBeInTheDocument();
  });

  it('shows no badges for a visitor', async () => {
    installFakeApi({ 'GET /items': { body: [] } });
    renderApp('/', setup());
    await screen.findByRole('heading', { level: 1, name: 'Latest listings' });
    expect(within(toolbar()).queryByText(/new/)).not.toBeInTheDocument();
    expect(within(toolbar()).getByRole('link', { name: 'Me' }).querySelector('img')).toBeNull();
  });
});
