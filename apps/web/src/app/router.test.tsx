import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '../test/fake-api';
import { createTestQueryClient, currentUrl, renderApp, seedCategories, seedSession } from '../test/render-app';

/** The item pages stay in their loading state (heading and route title) while their item never arrives. */
const itemStillLoading = () => new Promise<never>(() => undefined);
const ITEM_ROUTES = {
  'GET /item/abc': itemStillLoading,
  'GET /item/abc/edit': itemStillLoading,
  'GET /item/abc/duplicate': itemStillLoading,
};

function setup(user?: Parameters<typeof seedSession>[1]) {
  const queryClient = createTestQueryClient();
  seedSession(queryClient, user);
  seedCategories(queryClient);
  return queryClient;
}

describe('route table', () => {
  it('sends a visitor from a guarded page to /login with the page as returnUrl', async () => {
    installFakeApi();
    const { router } = renderApp('/sell?draft=1', setup());

    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/login?returnUrl=%2Fsell%3Fdraft%3D1');
    expect(new URLSearchParams(router.state.location.search).get('returnUrl')).toBe('/sell?draft=1');
    expect(screen.queryByRole('heading', { name: 'List Your Item' })).not.toBeInTheDocument();
  });

  it('asks the server for the session when nothing is cached, and guards on its answer', async () => {
    const api = installFakeApi({ 'GET /me/logged-in': { body: { isLoggedIn: false } } });
    const { router } = renderApp('/me/offers');

    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/login?returnUrl=%2Fme%2Foffers');
    expect(api.callsTo('GET /me/logged-in').length).toBeGreaterThan(0);
  });

  it('lets a logged-in user into a guarded page and titles the document from the route', async () => {
    installFakeApi();
    const { router } = renderApp('/sell', setup({ username: 'switchfan' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'List Your Item' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/sell');
    await waitFor(() => expect(document.title).toBe('Create Listing'));
  });

  it.each([
    ['/settings', 'My Settings', 'Settings'],
    ['/edit-item/abc', 'Edit Your Listing', 'Edit Your Listing'],
    ['/duplicate-item/abc', 'Add A Similar Listing', 'Add A Similar Listing'],
    ['/me', 'My Items', 'My Items'],
    ['/me/vault', 'Vault', 'Vault'],
    ['/chats/messages/c1', 'My Messages', 'My Messages'],
  ])('shows %s to a logged-in user (title %s)', async (path, title, heading) => {
    installFakeApi(ITEM_ROUTES);
    renderApp(path, setup({ username: 'switchfan' }));
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(title));
  });

  it.each([
    ['/detail/abc', 'Item Details', 'Item Details'],
    ['/signup', 'Sign Up', 'Sign Up'],
    ['/u/switchfan/rating', 'Seller Feedback', 'Seller Feedback'],
    ['/theblog', 'The Blog', 'The Blog'],
    ['/help/offers', 'Help', 'Offers'],
    ['/vendor/product/abc', 'Product Details', 'Product Details'],
  ])('shows the public page %s (title %s)', async (path, title, heading) => {
    installFakeApi(ITEM_ROUTES);
    renderApp(path, setup());
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('sends an already logged-in user away from /login to the home page', async () => {
    installFakeApi({ 'GET /items': { body: [] } });
    const { router } = renderApp('/login?returnUrl=%2Fsell', setup({ username: 'switchfan' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Latest listings' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/');
  });

  it.each(['/approvals', '/new-blog-post', '/blog/b1/edit'])(
    'sends a logged-in non-admin from %s to /login with returnUrl (spec 6), where they can log in as an admin',
    async (path) => {
      installFakeApi({ 'GET /items': { body: [] } });
      const { router } = renderApp(path, setup({ username: 'switchfan', admin: false }));

      expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
      expect(currentUrl(router)).toBe(`/login?returnUrl=${encodeURIComponent(path)}`);
      expect(screen.getByText(/You are logged in as switchfan, which is not an admin account/)).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Approvals' })).not.toBeInTheDocument();
    },
  );

  it('still sends a logged-in admin away from /login home, whatever the returnUrl', async () => {
    installFakeApi({ 'GET /items': { body: [] } });
    const { router } = renderApp('/login?returnUrl=%2Fapprovals', setup({ username: 'mod', admin: true }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Latest listings' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/');
  });

  it('asks GET /me/admin before letting someone into the admin pages', async () => {
    const api = installFakeApi({ 'GET /me/admin': { body: { p: true } } });
    const queryClient = setup({ username: 'mod', admin: true });
    queryClient.removeQueries({ queryKey: ['session', 'admin'] });
    const { router } = renderApp('/blog/b1/edit', queryClient);

    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Blog Post' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/blog/b1/edit');
    expect(api.callsTo('GET /me/admin')).toHaveLength(1);
  });

  it('sends visitors from the admin pages to /login too', async () => {
    installFakeApi();
    const { router } = renderApp('/new-blog-post', setup());
    await waitFor(() => expect(currentUrl(router)).toBe('/login?returnUrl=%2Fnew-blog-post'));
  });

  it('redirects any unknown path to /404 with the not-found text', async () => {
    installFakeApi();
    const { router } = renderApp('/no/such/page', setup());

    expect(await screen.findByText("Sorry, we can't find the page you're looking for.")).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/404');
  });

  it('sends an unknown category to /404', async () => {
    installFakeApi({ 'GET /items': { body: [] } });
    const { router } = renderApp('/items/not-a-category', setup());

    expect(await screen.findByText("Sorry, we can't find the page you're looking for.")).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/404');
  });
});
