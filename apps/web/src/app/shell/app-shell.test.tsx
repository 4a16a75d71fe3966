import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { installFakeApi } from '../../test/fake-api';
import { createTestQueryClient, renderApp, seedCategories, seedSession } from '../../test/render-app';

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('app shell', () => {
  afterEach(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  });

  it('has the landmarks: banner, main, contentinfo, and a footer with legal, help, social links and the year', async () => {
    installFakeApi();
    const queryClient = createTestQueryClient();
    seedSession(queryClient);
    seedCategories(queryClient);
    renderApp('/about', queryClient);
    await screen.findByRole('heading', { level: 1, name: 'About' });

    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { level: 1, name: 'About' }));
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Legal' })).toHaveAttribute('href', '/legal');
    expect(within(footer).getByRole('link', { name: 'Help' })).toHaveAttribute('href', '/help');
    for (const site of [/instagram\.com/, /x\.com|twitter\.com/, /reddit\.com/]) {
      expect(within(footer).getAllByRole('link').some((link) => site.test(link.getAttribute('href') ?? ''))).toBe(true);
    }
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} KeebMarket`);
  });

  it('reloads the user info when the tab becomes visible again', async () => {
    let loggedIn = false;
    const api = installFakeApi({
      'GET /me/logged-in': () => ({ body: loggedIn ? { isLoggedIn: true, username: 'switchfan' } : { isLoggedIn: false } }),
      'GET /me': { body: { _id: { admin: false }, username: 'switchfan', avatar: null, membershipType: 'member', karma: 5 } },
      'GET /me/notifications': { body: { numNewOffers: 1, numNewMessages: 0 } },
      'GET /categories': { body: { categories: [], saleTypes: [] } },
      'GET /items': { body: [] },
    });
    renderApp('/');
    const header = await screen.findByRole('banner');
    expect(await within(header).findByRole('link', { name: 'Login' })).toBeInTheDocument();
    const sessionCalls = api.callsTo('GET /me/logged-in').length;

    loggedIn = true;
    act(() => setVisibility('hidden'));
    expect(api.callsTo('GET /me/logged-in')).toHaveLength(sessionCalls);
    act(() => setVisibility('visible'));

    expect(await within(header).findByRole('button', { name: /Account menu/ })).toBeInTheDocument();
    expect(api.callsTo('GET /me/logged-in').length).toBeGreaterThan(sessionCalls);
    await waitFor(() => expect(api.callsTo('GET /me/notifications')).toHaveLength(1));
  });

  it('treats a failing notification-count call as zero counts', async () => {
    installFakeApi({
      'GET /me/notifications': { status: 500, body: { message: 'something_went_wrong' } },
    });
    const queryClient = createTestQueryClient();
    seedSession(queryClient, { username: 'switchfan' });
    seedCategories(queryClient);
    queryClient.removeQueries({ queryKey: ['session', 'notification-counts'] });
    renderApp('/about', queryClient);
    await screen.findByRole('heading', { level: 1, name: 'About' });

    const toolbar = screen.getByRole('navigation', { name: 'Main toolbar' });
    expect(within(toolbar).getByRole('link', { name: 'Chats' })).toBeInTheDocument();
    expect(within(toolbar).getByRole('link', { name: 'Offers' })).toBeInTheDocument();
  });
});
