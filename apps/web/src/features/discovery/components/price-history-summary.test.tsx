import { screen, waitFor, within } from '@testing-library/react';
import type { PriceHistory } from '@keeb/shared';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '../../../test/fake-api';
import { createTestQueryClient, renderApp, renderInRouter, seedCategories, seedSession } from '../../../test/render-app';
import { PriceHistorySummary } from './price-history-summary';

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

/** GET /items/price-history's answer: `recent` newest first, as the API lists it. */
const HISTORY: PriceHistory = {
  count: 5,
  median: 150,
  min: 100,
  max: 210.5,
  recent: [
    { price: 210.5, soldAt: daysAgo(1), thumbnail: '/uploads/items/u1/@2x_e.jpg', name: 'Tofu65 E-white' },
    { price: 150, soldAt: daysAgo(3), thumbnail: '/uploads/items/u1/@2x_d.jpg', name: 'Tofu65 Black' },
    { price: 140, soldAt: daysAgo(9), thumbnail: '/uploads/items/u1/@2x_c.jpg', name: 'Tofu65 Silver' },
    { price: 160, soldAt: daysAgo(20), thumbnail: '/uploads/items/u1/@2x_b.jpg', name: 'Tofu65 Grey' },
    { price: 100, soldAt: daysAgo(40), thumbnail: '/uploads/items/u1/@2x_a.jpg', name: 'Tofu65 Red' },
  ],
};
const TOO_FEW: PriceHistory = { count: 2, median: null, min: null, max: null, recent: [] };

describe('price history summary', () => {
  it("says 'Sold recently: median $X from N sales' with a chart of the last sales, oldest first", async () => {
    const api = installFakeApi({ 'GET /items/price-history': { body: HISTORY } });
    renderInRouter(<PriceHistorySummary query={{ searchText: 'tofu65', regions: 'US' }} />);

    const summary = await screen.findByRole('region', { name: 'Sold prices' });
    expect(within(summary).getByText('Sold recently: median $150 from 5 sales')).toBeInTheDocument();
    expect(within(summary).getByRole('img', { name: 'Last 5 sale prices, oldest to newest: $100, $160, $140, $150, $210.50' })).toBeInTheDocument();
    expect(within(summary).queryByText(/Sold from/)).not.toBeInTheDocument();
    expect(api.callsTo('GET /items/price-history')[0]?.params).toEqual({ searchText: 'tofu65', regions: 'US' });
  });

  it('lists the recent sales folded away, thumbnails lazy and left to the name beside them', async () => {
    installFakeApi({ 'GET /items/price-history': { body: HISTORY } });
    const { user } = renderInRouter(<PriceHistorySummary query={{ searchText: 'tofu65' }} />);

    const toggle = await screen.findByText('Recent sales');
    await user.click(toggle);
    const sales = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(sales).toHaveLength(5);
    const newest = sales[0] as HTMLElement;
    expect(newest).toHaveTextContent('Tofu65 E-white');
    expect(newest).toHaveTextContent('$210.50');
    expect(newest).toHaveTextContent('1d ago');
    const thumbnail = newest.querySelector('img');
    expect(thumbnail).toHaveAttribute('loading', 'lazy');
    expect(thumbnail).toHaveAttribute('alt', '');
  });

  it('adds the range when asked (the pricing hint)', async () => {
    installFakeApi({ 'GET /items/price-history': { body: HISTORY } });
    renderInRouter(<PriceHistorySummary query={{ searchText: 'tofu65' }} showRange />);
    expect(await screen.findByText('Sold from $100 to $210.50')).toBeInTheDocument();
  });

  it('shows nothing below 3 sales', async () => {
    const api = installFakeApi({ 'GET /items/price-history': { body: TOO_FEW } });
    const { container } = renderInRouter(<PriceHistorySummary query={{ searchText: 'rare board' }} />);
    await waitFor(() => expect(api.callsTo('GET /items/price-history')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText(/Sold recently/)).not.toBeInTheDocument();
    expect(container).toBeEmptyDOMElement();
  });

  it('shows nothing, and asks nothing, without a search', async () => {
    const api = installFakeApi({ 'GET /items/price-history': { body: HISTORY } });
    const { container } = renderInRouter(<PriceHistorySummary query={undefined} />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(container).toBeEmptyDOMElement();
    expect(api.callsTo('GET /items/price-history')).toHaveLength(0);
  });

  it('shows nothing when the call fails', async () => {
    const api = installFakeApi({ 'GET /items/price-history': { status: 500, body: { message: 'something_went_wrong' } } });
    const { container } = renderInRouter(<PriceHistorySummary query={{ searchText: 'tofu65' }} />);
    await waitFor(() => expect(api.callsTo('GET /items/price-history')).toHaveLength(1));
    expect(container).toBeEmptyDOMElement();
  });
});

describe('price history on the feed', () => {
  function setup() {
    const queryClient = createTestQueryClient();
    seedSession(queryClient);
    seedCategories(queryClient);
    return queryClient;
  }

  it('shows above the search results, for the same search and filters, without the sort', async () => {
    window.localStorage.setItem('regionFilter', JSON.stringify(['US']));
    const api = installFakeApi({ 'GET /items': { body: [] }, 'GET /items/price-history': { body: HISTORY } });
    renderApp('/items/keyboards/search/tofu65', setup());

    const summary = await screen.findByRole('region', { name: 'Sold prices' });
    expect(summary).toHaveTextContent('Sold recently: median $150 from 5 sales');
    const results = await screen.findByText('No items matching search');
    expect(summary.compareDocumentPosition(results) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(api.callsTo('GET /items/price-history')[0]?.params).toEqual({ searchText: 'tofu65', categoryIds: 'keyboards', regions: 'US' });
  });

  it('is not asked for on the plain feed', async () => {
    const api = installFakeApi({ 'GET /items': { body: [] }, 'GET /items/price-history': { body: HISTORY } });
    renderApp('/', setup());
    await screen.findByText(/No items for sale/);
    expect(api.callsTo('GET /items/price-history')).toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'Sold prices' })).not.toBeInTheDocument();
  });

  it('shows on a vendor products search, within vendor products; not on the vendor landing page', async () => {
    const api = installFakeApi({ 'GET /items': { body: [] }, 'GET /items/price-history': { body: HISTORY } });
    const { unmount } = renderApp('/vendor/products/search/tofu65', setup());
    expect(await screen.findByRole('region', { name: 'Sold prices' })).toHaveTextContent('Sold recently: median $150 from 5 sales');
    expect(api.callsTo('GET /items/price-history')[0]?.params).toEqual({ searchText: 'tofu65', saleType: 'vendor' });
    unmount();

    renderApp('/vendor/products', setup());
    await screen.findByRole('heading', { level: 1, name: 'Vendor Listings' });
    await screen.findByText(/No items for sale/);
    expect(api.callsTo('GET /items/price-history')).toHaveLength(1);
  });
});
