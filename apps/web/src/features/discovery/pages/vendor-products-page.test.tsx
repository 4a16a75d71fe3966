import { screen, waitFor, within } from '@testing-library/react';
import { SALE_TYPES } from '@keeb/shared';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '../../../test/fake-api';
import { createTestQueryClient, renderApp, seedCategories, seedSession } from '../../../test/render-app';
import { makeItem } from '../../../test/make-item';

function setup() {
  const queryClient = createTestQueryClient();
  seedSession(queryClient);
  seedCategories(queryClient, SALE_TYPES);
  return queryClient;
}

describe('vendor listings', () => {
  it('lists vendor products (saleType=vendor) under the heading Vendor Listings, without a sale-type filter', async () => {
    window.localStorage.setItem('filterSaleType', 'individual');
    window.localStorage.setItem('regionFilter', '["AU"]');
    const api = installFakeApi({ 'GET /items': { body: [makeItem(1, { saleTypeId: 'vendor' })] } });
    const { user } = renderApp('/vendor/products', setup());

    expect(await screen.findByRole('heading', { level: 1, name: 'Vendor Listings' })).toBeInTheDocument();
    await screen.findByRole('article');
    expect(api.callsTo('GET /items')[0]?.params).toEqual({ regions: 'AU', saleType: 'vendor', sort: 'def' });
    await waitFor(() => expect(document.title).toBe('Vendor Listings'));

    await user.click(screen.getByRole('button', { name: 'Filters (1 enabled)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(dialog).queryByRole('group', { name: 'Sale Type' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('group', { name: 'Category' })).toBeInTheDocument();
  });

  it('searches within vendor products and shows the search empty state', async () => {
    const api = installFakeApi({ 'GET /items': { body: [] } });
    renderApp('/vendor/products/search/gmk%20red', setup());

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Search results for “gmk red” in Vendor Listings' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('No items matching search')).toBeInTheDocument();
    expect(screen.getByText('Clear your filters for a broader search')).toBeInTheDocument();
    expect(api.callsTo('GET /items')[0]?.params).toEqual({ saleType: 'vendor', searchText: 'gmk red', sort: 'def' });
  });
});
