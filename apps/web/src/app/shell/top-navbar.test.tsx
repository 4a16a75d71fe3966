import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '../../test/fake-api';
import { createTestQueryClient, currentUrl, renderApp, seedCategories, seedSession, type SeedUser } from '../../test/render-app';

function setup(user?: SeedUser) {
  const queryClient = createTestQueryClient();
  seedSession(queryClient, user);
  seedCategories(queryClient);
  return queryClient;
}

const header = () => screen.getByRole('banner');
const primaryNav = () => screen.getByRole('navigation', { name: 'Primary' });

describe('desktop navbar', () => {
  it('links Sell, Blog, About and the community chat', async () => {
    installFakeApi({ 'GET /items': { body: [] } });
    renderApp('/about', setup());
    await screen.findByRole('heading', { level: 1, name: 'About' });

    const nav = primaryNav();
    expect(within(nav).getByRole('link', { name: 'Sell' })).toHaveAttribute('href', '/sell');
    expect(within(nav).getByRole('link', { name: 'Blog' })).toHaveAttribute('href', '/theblog');
    expect(within(nav).getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
    const community = within(nav).getByRole('link', { name: /Community/ });
    expect(community).toHaveAttribute('href', expect.stringMatching(/^https:\/\//));
    expect(community).toHaveAttribute('target', '_blank');
    expect(within(header()).getByRole('link', { name: /KeebMarket/ })).toHaveAttribute('href', '/');
  });

  it('offers a logged-out visitor a Login link that returns to the current page', async () => {
    installFakeApi();
    renderApp('/theblog', setup());
    await screen.findByRole('heading', { level: 1, name: 'The Blog' });

    expect(within(header()).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login?returnUrl=%2Ftheblog');
    expect(within(header()).queryByRole('button', { name: /Account menu/ })).not.toBeInTheDocument();
  });

  it('gives a logged-in user an avatar menu with karma, badges and their pages', async () => {
    installFakeApi();
    const { user } = renderApp(
      '/about',
      setup({ username: 'switchfan', karma: 1234, counts: { numNewOffers: 12, numNewMessages: 3 } }),
    );
    await screen.findByRole('heading', { level: 1, name: 'About' });
    expect(within(header()).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();

    const trigger = within(header()).getByRole('button', { name: /Account menu/ });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(within(trigger).getByText('(new messages, offers, want matches or orders to act on)')).toBeInTheDocument();
    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');

    expect(within(header()).getByText('switchfan')).toBeInTheDocument();
    expect(within(header()).getByText('1,234 karma')).toBeInTheDocument();
    const chats = within(header()).getByRole('link', { name: /^Chats/ });
    expect(chats).toHaveAttribute('href', '/chats');
    expect(within(chats).getByText('3')).toBeInTheDocument();
    const offers = within(header()).getByRole('link', { name: /^Offers/ });
    expect(offers).toHaveAttribute('href', '/me/offers');
    expect(within(offers).getByText('10+')).toBeInTheDocument();
    expect(within(header()).getByRole('link', { name: 'Vault' })).toHaveAttribute('href', '/me/vault');
    expect(within(header()).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(within(header()).queryByRole('link', { name: 'Approvals' })).not.toBeInTheDocument();
    expect(within(header()).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('badges the Vault entry (and the avatar) with unseen want matches', async () => {
    installFakeApi();
    const { user } = renderApp('/about', setup({ username: 'switchfan', counts: { numNewWantMatches: 2 } }));
    await screen.findByRole('heading', { level: 1, name: 'About' });
    const trigger = within(header()).getByRole('button', { name: /Account menu/ });
    expect(within(trigger).getByText('(new messages, offers, want matches or orders to act on)')).toBeInTheDocument();
    await user.click(trigger);
    const vault = within(header()).getByRole('link', { name: /^Vault/ });
    expect(vault).toHaveAttribute('href', '/me/vault');
    expect(within(vault).getByText('(2 new want matches)')).toBeInTheDocument();
  });

  it('shows Approvals to admins only', async () => {
    installFakeApi();
    const { user } = renderApp('/about', setup({ username: 'mod', admin: true }));
    await screen.findByRole('heading', { level: 1, name: 'About' });
    await user.click(within(header()).getByRole('button', { name: /Account menu/ }));
    expect(within(header()).getByRole('link', { name: 'Approvals' })).toHaveAttribute('href', '/approvals');
    expect(within(header()).getByRole('link', { name: 'Problems' })).toHaveAttribute('href', '/admin/problems');
  });

  it('badges the Orders entry (and the avatar) with the orders waiting on the user', async () => {
    installFakeApi();
    const { user } = renderApp('/about', setup({ username: 'switchfan', counts: { numOrdersToAct: 3, numNewTrades: 0 } }));
    await screen.findByRole('heading', { level: 1, name: 'About' });
    const trigger = within(header()).getByRole('button', { name: /Account menu/ });
    expect(within(trigger).getByText('(new messages, offers, want matches or orders to act on)')).toBeInTheDocument();
    await user.click(trigger);
    const orders = within(header()).getByRole('link', { name: /^Orders/ });
    expect(orders).toHaveAttribute('href', '/me/orders');
    expect(within(orders).getByText('(3 orders to act on)')).toBeInTheDocument();
    expect(within(header()).queryByRole('link', { name: 'Problems' })).not.toBeInTheDocument();
  });

  it('closes the menu with Escape and returns focus to the avatar button', async () => {
    installFakeApi();
    const { user } = renderApp('/about', setup({ username: 'switchfan' }));
    await screen.findByRole('heading', { level: 1, name: 'About' });
    const trigger = within(header()).getByRole('button', { name: /Account menu/ });
    await user.click(trigger);
    await user.keyboard('{Escape}');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveFocus();
    expect(within(header()).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('logs out: POST /logout, back home, session reloaded as logged out', async () => {
    let loggedIn = true;
    const api = installFakeApi({
      'POST /logout': () => {
        loggedIn = false;
        return { status: 204 };
      },
      'GET /me/logged-in': () => ({ body: loggedIn ? { isLoggedIn: true, username: 'switchfan' } : { isLoggedIn: false } }),
      'GET /items': { body: [] },
    });
    const { user, router } = renderApp('/settings', setup({ username: 'switchfan' }));
    await screen.findByRole('heading', { level: 1, name: 'Settings' });

    await user.click(within(header()).getByRole('button', { name: /Account menu/ }));
    await user.click(within(header()).getByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Latest listings' })).toBeInTheDocument();
    await waitFor(() =>
      expect(within(header()).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login?returnUrl=%2F'),
    );
    expect(currentUrl(router)).toBe('/');
    expect(api.callsTo('POST /logout')).toHaveLength(1);
    await waitFor(() => expect(api.callsTo('GET /me/logged-in').length).toBeGreaterThan(0));
    expect(within(header()).queryByRole('button', { name: /Account menu/ })).not.toBeInTheDocument();
  });
});

describe('mobile navbar', () => {
  it('is in search mode on the feed: a hamburger menu with the spec links and Sign Up for visitors', async () => {
    installFakeApi({ 'GET /items': { body: [] } });
    const { user } = renderApp('/', setup());
    await screen.findByRole('heading', { level: 1, name: 'Latest listings' });

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    const links = within(menu)
      .getAllByRole('link')
      .map((link) => [link.textContent?.trim(), link.getAttribute('href')]);
    expect(links).toEqual([
      ['Blog', '/theblog'],
      ['About', '/about'],
      ['Help', '/help'],
      ['Legal', '/legal'],
      ['Sign Up', '/signup'],
    ]);
    expect(header()).toHaveAttribute('data-mobile-mode', 'search');
  });

  it('lists Approvals first for admins and ends with Logout', async () => {
    installFakeApi({ 'GET /items': { body: [] } });
    const { user } = renderApp('/', setup({ username: 'mod', admin: true }));
    await screen.findByRole('heading', { level: 1, name: 'Latest listings' });

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(menu).getAllByRole('link')[0]).toHaveTextContent('Approvals');
    expect(within(menu).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Sign Up' })).not.toBeInTheDocument();
  });

  it('is in title mode elsewhere: title, back button and the route accessory with its badge', async () => {
    installFakeApi();
    renderApp('/me/vault', setup({ username: 'switchfan', counts: { numNewOffers: 2, numNewMessages: 0 } }));
    await screen.findByRole('heading', { level: 1, name: 'Vault' });

    expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
    expect(header()).toHaveAttribute('data-mobile-mode', 'title');
    expect(within(header()).getByText('Vault', { selector: 'p' })).toBeInTheDocument();
    const accessory = within(header()).getByRole('link', { name: /^Offers/ });
    expect(accessory).toHaveAttribute('href', '/me/offers');
    expect(within(accessory).getByText('2')).toBeInTheDocument();
  });

  it("badges the title bar's vault button on /me/offers with unseen want matches", async () => {
    installFakeApi();
    renderApp('/me/offers', setup({ username: 'switchfan', counts: { numNewOffers: 5, numNewWantMatches: 2 } }));
    await screen.findByRole('heading', { level: 1, name: 'Offers' });
    const accessory = within(header()).getByRole('link', { name: /^Vault/ });
    expect(accessory).toHaveAttribute('href', '/me/vault');
    expect(within(accessory).getByText('(2 new want matches)')).toBeInTheDocument();
  });

  it('shows a back button on detail pages that goes home when there is no history', async () => {
    installFakeApi({ 'GET /items': { body: [] }, 'GET /item/abc': () => new Promise<never>(() => undefined) });
    const { user, router } = renderApp('/detail/abc', setup());
    await screen.findByRole('heading', { level: 1, name: 'Item Details' });

    await user.click(within(header()).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/'));
  });
});
