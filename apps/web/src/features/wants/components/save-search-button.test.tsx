import { screen, waitFor, within } from '@testing-library/react';
import type { Want } from '@keeb/shared';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import { installFakeApi } from '../../../test/fake-api';
import { createTestQueryClient, currentUrl, renderApp, seedCategories, seedSession } from '../../../test/render-app';
import { makeWant } from '../testing/fixtures';

function setup(path: string, { signedIn = true } = {}) {
  const api = installFakeApi({
    'GET /items': { body: [] },
    'POST /me/wants': (request) => ({ status: 201, body: makeWant({ ...(request.body as Partial<Want>), _id: 'w9' }) }),
  });
  const queryClient = createTestQueryClient();
  seedSession(queryClient, signedIn ? { username: 'switchfan' } : undefined);
  seedCategories(queryClient);
  return { ...renderApp(path, queryClient), api };
}

const saveSearch = () => screen.findByRole('button', { name: 'Save this search as a want' });

describe('Save this search as a want', () => {
  it('is not offered on the plain feed', async () => {
    setup('/');
    await screen.findByText(/No items for sale/);
    expect(screen.queryByRole('button', { name: 'Save this search as a want' })).not.toBeInTheDocument();
  });

  it('opens the want form with the search and the remembered filters, saves it and links to the Wants tab', async () => {
    window.localStorage.setItem(STORAGE_KEYS.regionFilter, JSON.stringify(['EU']));
    window.localStorage.setItem(STORAGE_KEYS.filterSaleType, 'individual');
    const { user, api, router } = setup('/items/keycaps/search/gmk%20olivia');
    await user.click(await saveSearch());
    const dialog = await screen.findByRole('dialog', { name: 'New want' });
    expect(within(dialog).getByRole('textbox', { name: 'Keywords' })).toHaveValue('gmk olivia');
    expect(within(dialog).getByRole('checkbox', { name: 'Keycaps' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Keyboards' })).not.toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'European Union' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Individual Sale' })).toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: 'Maximum price, shipping included' })).toHaveValue('');

    await user.type(within(dialog).getByRole('textbox', { name: 'Maximum price, shipping included' }), '120');
    await user.click(within(dialog).getByRole('button', { name: 'Save want' }));
    await waitFor(() => expect(api.callsTo('POST /me/wants')).toHaveLength(1));
    expect(api.callsTo('POST /me/wants')[0]?.body).toEqual({
      searchText: 'gmk olivia',
      categoryIds: ['keycaps'],
      regions: ['EU'],
      maxPrice: 120,
      saleTypeId: 'individual',
      specs: {},
    });
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Saved to your wants');
    await user.click(within(status).getByRole('link', { name: 'View your wants' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/me/vault?tab=wants'));
  });

  it('is offered on a filtered feed too (the remembered category filter)', async () => {
    window.localStorage.setItem(STORAGE_KEYS.categoryFilter, JSON.stringify(['artisan', 'parts']));
    const { user } = setup('/');
    await user.click(await saveSearch());
    const dialog = await screen.findByRole('dialog', { name: 'New want' });
    expect(within(dialog).getByRole('textbox', { name: 'Keywords' })).toHaveValue('');
    expect(within(dialog).getByRole('checkbox', { name: 'Artisan' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Parts' })).toBeChecked();
  });

  it('sends a visitor to sign in first, then back to the search', async () => {
    const { user, router } = setup('/items/search/tofu65', { signedIn: false });
    await user.click(await saveSearch());
    await waitFor(() => expect(currentUrl(router)).toBe('/login?returnUrl=%2Fitems%2Fsearch%2Ftofu65'));
    expect(screen.queryByRole('dialog', { name: 'New want' })).not.toBeInTheDocument();
  });

  it('is offered on a vendor products search, its sale type set to vendor', async () => {
    const { user, api } = setup('/vendor/products/search/gmk%20olivia');
    await user.click(await saveSearch());
    const dialog = await screen.findByRole('dialog', { name: 'New want' });
    expect(within(dialog).getByRole('textbox', { name: 'Keywords' })).toHaveValue('gmk olivia');
    expect(within(dialog).getByRole('radio', { name: 'Vendor Product' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Save want' }));
    await waitFor(() => expect(api.callsTo('POST /me/wants')).toHaveLength(1));
    expect(api.callsTo('POST /me/wants')[0]?.body).toMatchObject({ searchText: 'gmk olivia', saleTypeId: 'vendor' });
  });

  it('is not offered on the vendor landing page (its vendor scope is the page, not a search)', async () => {
    setup('/vendor/products');
    await screen.findByRole('heading', { level: 1, name: 'Vendor Listings' });
    await screen.findByText(/No items for sale/);
    expect(screen.queryByRole('button', { name: 'Save this search as a want' })).not.toBeInTheDocument();
  });
});
