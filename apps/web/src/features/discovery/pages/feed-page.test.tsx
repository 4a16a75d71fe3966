import { act, screen, waitFor, within } from '@testing-library/react';
import { ITEM_PAGE_SIZE } from '@keeb/shared';
import { describe, expect, it } from 'vitest';
import { installFakeApi, type FakeRequest } from '../../../test/fake-api';
import { createTestQueryClient, currentUrl, renderApp, seedCategories, seedSession } from '../../../test/render-app';
import { makeItem } from '../../../test/make-item';
import { writeStorage } from '../../../lib/storage';
import { STORAGE_KEYS } from '../../../lib/storage-keys';

function setup() {
  const queryClient = createTestQueryClient();
  seedSession(queryClient);
  seedCategories(queryClient);
  return queryClient;
}

const grid = () => screen.getByRole('list', { name: 'Items for sale' });

describe('home feed', () => {
  it('renders item cards: thumbnail named after the item (the first ones eager, the very first at high priority, the rest lazy), price, seller link, detail link', async () => {
    installFakeApi({
      'GET /items': {
        body: [
          makeItem(1, { name: 'GMK Olivia++', price: 250, sellerId: { _id: 's1', username: 'keyqueen', avatar: null } }),
          makeItem(2, { name: 'Tofu65', price: 19.5, sellerId: { _id: 's2', username: 'thock', avatar: '/uploads/avatars/thock.jpg' } }),
          makeItem(3),
          makeItem(4),
          makeItem(5, { name: 'Fifth board' }),
        ],
      },
    });
    renderApp('/', setup());

    const cards = await within(await screen.findByRole('list', { name: 'Items for sale' })).findAllByRole('article');
    expect(cards).toHaveLength(5);
    const [first] = cards as [HTMLElement, HTMLElement];
    const image = within(first).getByRole('img', { name: 'GMK Olivia++' });
    expect(image).toHaveAttribute('src', '/uploads/@2x_photo-1.jpg');
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('fetchpriority', 'high');
    const second = within(grid()).getByRole('img', { name: 'Tofu65' });
    expect(second).toHaveAttribute('loading', 'eager');
    expect(second).not.toHaveAttribute('fetchpriority');
    expect(within(grid()).getByRole('img', { name: 'Fifth board' })).toHaveAttribute('loading', 'lazy');
    // Seller photos never compete with the listing photos for the line.
    expect(document.querySelector('img[src="/uploads/avatars/thock.jpg"]')).toHaveAttribute('loading', 'lazy');
    expect(within(first).getByText('$250')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: /GMK Olivia\+\+/ })).toHaveAttribute('href', '/detail/item-1');
    expect(within(first).getByRole('link', { name: 'keyqueen' })).toHaveAttribute('href', '/u/keyqueen');
    expect(within(grid()).getByText('$19.50')).toBeInTheDocument();
  });

  it('asks for the first page of the default sort', async () => {
    const api = installFakeApi({ 'GET /items': { body: [] } });
    renderApp('/', setup());
    await screen.findByText(/No items for sale/);
    expect(api.callsTo('GET /items')[0]?.params).toEqual({ sort: 'def' });
  });

  it('shows the empty state with a link to list an item', async () => {
    installFakeApi({ 'GET /items': { body: [] } });
    renderApp('/', setup());

    const empty = await screen.findByText(/No items for sale\./);
    expect(within(empty).getByRole('link', { name: 'List an item' })).toHaveAttribute('href', '/sell');
  });

  it('loads the next page with the last item as cursor while the page bottom is near, and stops on a short page', async () => {
    const firstPage = Array.from({ length: ITEM_PAGE_SIZE }, (_, index) => makeItem(index));
    const secondPage = [makeItem(100), makeItem(101)];
    const api = installFakeApi({
      'GET /items': (request: FakeRequest) => ({ body: request.params.ts ? secondPage : firstPage }),
    });
    renderApp('/', setup());

    // jsdom has no layout: the page is 0 px tall, so the bottom is always "within 1000 px".
    await waitFor(() => expect(within(grid()).getAllByRole('article')).toHaveLength(ITEM_PAGE_SIZE + 2));
    const requests = api.callsTo('GET /items');
    expect(requests).toHaveLength(2);
    expect(requests[1]?.params).toEqual({ sort: 'def', ts: firstPage[ITEM_PAGE_SIZE - 1]?.timeListed, cursorId: firstPage[ITEM_PAGE_SIZE - 1]?._id });

    await act(async () => {
      window.dispatchEvent(new Event('scroll'));
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(api.callsTo('GET /items')).toHaveLength(2);
  });

  it("pages a price sort with the spec's cursor: the last item's timeListed and price (and its id)", async () => {
    localStorage.setItem('sort', 'low');
    const firstPage = Array.from({ length: ITEM_PAGE_SIZE }, (_, index) => makeItem(index, { price: 10 + index }));
    const api = installFakeApi({ 'GET /items': (request: FakeRequest) => ({ body: request.params.ts ? [makeItem(100)] : firstPage }) });
    renderApp('/', setup());
    await waitFor(() => expect(api.callsTo('GET /items')).toHaveLength(2));
    const last = firstPage[ITEM_PAGE_SIZE - 1]!;
    expect(api.callsTo('GET /items')[1]?.params).toEqual({ sort: 'low', ts: last.timeListed, price: last.price, cursorId: last._id });
  });

  it('reads a page longer than 36 (a tie the API did not cut) as a full page', async () => {
    const firstPage = Array.from({ length: ITEM_PAGE_SIZE + 3 }, (_, index) => makeItem(index));
    const api = installFakeApi({ 'GET /items': (request: FakeRequest) => ({ body: request.params.ts ? [makeItem(100)] : firstPage }) });
    renderApp('/', setup());
    await waitFor(() => expect(within(grid()).getAllByRole('article')).toHaveLength(ITEM_PAGE_SIZE + 4));
    expect(api.callsTo('GET /items')[1]?.params).toMatchObject({ ts: firstPage.at(-1)!.timeListed });
  });

  it('does not load more after a short first page', async () => {
    const api = installFakeApi({ 'GET /items': { body: [makeItem(1)] } });
    renderApp('/', setup());
    await within(await screen.findByRole('list', { name: 'Items for sale' })).findByRole('article');
    await act(async () => {
      window.dispatchEvent(new Event('scroll'));
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(api.callsTo('GET /items')).toHaveLength(1);
  });

  it('silently ignores a failed load', async () => {
    installFakeApi({ 'GET /items': { status: 500, body: { message: 'something_went_wrong' } } });
    renderApp('/', setup());
    await screen.findByRole('heading', { level: 1, name: 'Latest listings' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/No items for sale/)).not.toBeInTheDocument();
  });
});

describe('category feed', () => {
  it('shows the category name as heading, marks its chip and filters by category id', async () => {
    const api = installFakeApi({ 'GET /items': { body: [makeItem(1)] } });
    renderApp('/items/keycaps', setup());

    expect(await screen.findByRole('heading', { level: 1, name: 'Keycaps' })).toBeInTheDocument();
    const chips = screen.getByRole('navigation', { name: 'Categories' });
    expect(within(chips).getByRole('link', { name: 'Keycaps' })).toHaveAttribute('aria-current', 'page');
    expect(within(chips).getByRole('link', { name: 'All' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(api.callsTo('GET /items')[0]?.params).toEqual({ categoryIds: 'keycaps', sort: 'def' }));
    await waitFor(() => expect(document.title).toBe('Keycaps'));
  });
});

describe('category chips on the home feed (issue 36)', () => {
  it.each([
    [['keyboards'], 'Keyboards'],
    [[], 'All'],
    [['keyboards', 'keycaps'], null],
  ] as const)('with the remembered category filter %j, marks %s', async (categories, marked) => {
    writeStorage(STORAGE_KEYS.categoryFilter, JSON.stringify(categories));
    installFakeApi({ 'GET /items': { body: [makeItem(1)] } });
    renderApp('/', setup());
    const chips = await screen.findByRole('navigation', { name: 'Categories' });
    await within(await screen.findByRole('list', { name: 'Items for sale' })).findAllByRole('article');
    const current = within(chips).queryAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual(marked ? [marked] : []);
  });
});

describe('search results', () => {
  it('shows the term and the no-match empty state', async () => {
    const api = installFakeApi({ 'GET /items': { body: [] } });
    renderApp('/items/artisan/search/cherry%20blossom', setup());

    expect(await screen.findByRole('heading', { level: 1, name: 'Search results for “cherry blossom” in Artisan' })).toBeInTheDocument();
    expect(await screen.findByText('No items matching search')).toBeInTheDocument();
    expect(screen.getByText('Clear your filters for a broader search')).toBeInTheDocument();
    expect(api.callsTo('GET /items')[0]?.params).toEqual({ categoryIds: 'artisan', searchText: 'cherry blossom', sort: 'def' });
    await waitFor(() => expect(document.title).toBe('Search Results'));
  });

  it("offers 'Did you mean ...?' for a search finding nothing, and its link runs the suggested search in the same scope", async () => {
    const api = installFakeApi({
      'GET /items': (request: FakeRequest) => ({ body: request.params.searchText === 'keychron q1' ? [makeItem(1, { name: 'Keychron Q1 Pro' })] : [] }),
      'GET /items/suggest': (request: FakeRequest) => ({
        body: { suggestions: request.params.searchText === 'keycrhon q1' ? ['keychron q1', 'keycult q1'] : [] },
      }),
    });
    const { router, user } = renderApp('/items/keyboards/search/keycrhon%20q1', setup());

    const offer = await screen.findByText(/Did you mean/);
    expect(offer).toHaveTextContent('Did you mean keychron q1 or keycult q1?');
    expect(await screen.findByText('No items matching search')).toBeInTheDocument();
    expect(api.callsTo('GET /items/suggest')[0]?.params).toEqual({ searchText: 'keycrhon q1' });

    await user.click(within(offer).getByRole('link', { name: 'keychron q1' }));
    expect(currentUrl(router)).toBe('/items/keyboards/search/keychron%20q1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Search results for “keychron q1” in Keyboards' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Keychron Q1 Pro' })).toBeInTheDocument();
    // The suggested search finds every word: nothing more is offered.
    await waitFor(() => expect(api.callsTo('GET /items/suggest')).toHaveLength(2));
    expect(screen.queryByText(/Did you mean/)).not.toBeInTheDocument();
  });

  it("offers nothing when the suggestions cannot be read", async () => {
    const api = installFakeApi({ 'GET /items': { body: [makeItem(1, { name: 'GMK Olivia' })] }, 'GET /items/suggest': { status: 500, body: { message: 'server_error' } } });
    renderApp('/items/search/olivia', setup());
    await screen.findByRole('img', { name: 'GMK Olivia' });
    await waitFor(() => expect(api.callsTo('GET /items/suggest').length).toBeGreaterThan(0));
    expect(screen.queryByText(/Did you mean/)).not.toBeInTheDocument();
  });
});
