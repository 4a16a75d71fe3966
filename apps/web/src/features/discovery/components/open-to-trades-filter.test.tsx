import { screen, waitFor, within } from '@testing-library/react';
import { REGIONS, SALE_TYPES } from '@keeb/shared';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '../../../test/fake-api';
import { makeItem } from '../../../test/make-item';
import { createTestQueryClient, currentUrl, renderApp, seedCategories, seedSession } from '../../../test/render-app';

/** Issue 28: the feed's 'Open to trades' filter (?openToTrades=true in the page's address and the API call) and the cards' marks. */
function setup() {
  const queryClient = createTestQueryClient();
  seedSession(queryClient);
  seedCategories(queryClient, SALE_TYPES);
  return queryClient;
}

const CARDS = [
  makeItem(1, { name: 'Tofu65 for trade', openToTrades: true }),
  makeItem(2, { name: 'GMK Olivia on hold', openToTrades: true, tradePending: true }),
  makeItem(3, { name: 'Plain sale' }),
];
const ROUTES = { 'GET /items': { body: CARDS }, 'GET /regions': { body: REGIONS } };
const lastListQuery = (api: ReturnType<typeof installFakeApi>) => api.callsTo('GET /items').at(-1)?.params;

describe("the feed's Open to trades filter", () => {
  it('ticked in Filters, it sets ?openToTrades=true, sends it, counts on the button, and is not remembered', async () => {
    const api = installFakeApi(ROUTES);
    const { user, router } = renderApp('/', setup());
    await screen.findAllByRole('article');

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filters' });
    const trades = within(dialog).getByRole('group', { name: 'Trades' });
    const box = within(trades).getByRole('checkbox', { name: 'Open to trades' });
    expect(box).not.toBeChecked();
    await user.click(box);
    expect(within(dialog).getByRole('status')).toHaveTextContent('1 filter enabled');
    expect(currentUrl(router)).toBe('/');
    await user.click(within(dialog).getByRole('button', { name: 'Show Items' }));

    await waitFor(() => expect(currentUrl(router)).toBe('/?openToTrades=true'));
    await waitFor(() => expect(lastListQuery(api)).toEqual({ sort: 'def', openToTrades: true }));
    expect(screen.getByRole('button', { name: 'Filters (1 enabled)' })).toBeInTheDocument();
    expect(window.localStorage.getItem('filter')).toBe('0');

    // Unticked again, the address drops it and the feed is the unfiltered one (already loaded, so from the cache).
    await user.click(screen.getByRole('button', { name: 'Filters (1 enabled)' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Filters' })).getByRole('checkbox', { name: 'Open to trades' }));
    await user.click(screen.getByRole('button', { name: 'Show Items' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/'));
    expect(screen.getByRole('button', { name: 'Filters' })).toBeInTheDocument();
    expect(api.callsTo('GET /items').map((call) => call.params)).toEqual([{ sort: 'def' }, { sort: 'def', openToTrades: true }]);
  });

  it('a link with ?openToTrades=true opens the filtered feed, ticked, with the other filters beside it', async () => {
    window.localStorage.setItem('regionFilter', '["EU"]');
    const api = installFakeApi(ROUTES);
    const { user } = renderApp('/?openToTrades=true', setup());
    await screen.findAllByRole('article');
    await waitFor(() => expect(lastListQuery(api)).toEqual({ regions: 'EU', sort: 'def', openToTrades: true }));
    await user.click(screen.getByRole('button', { name: 'Filters (2 enabled)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(dialog).getByRole('checkbox', { name: 'Open to trades' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Clear Filters' }));
    expect(within(dialog).getByRole('checkbox', { name: 'Open to trades' })).not.toBeChecked();
  });

  it('a category page keeps the filter in its address too', async () => {
    const api = installFakeApi(ROUTES);
    renderApp('/items/keycaps?openToTrades=true', setup());
    await screen.findAllByRole('article');
    await waitFor(() => expect(lastListQuery(api)).toEqual({ categoryIds: 'keycaps', sort: 'def', openToTrades: true }));
  });

  it("cards show 'Open to trades', or 'Trade pending' while an accepted trade holds the item", async () => {
    installFakeApi(ROUTES);
    renderApp('/', setup());
    const [open, held, plain] = await screen.findAllByRole('article');
    expect(within(open!).getByText('Open to trades')).toBeInTheDocument();
    expect(within(held!).getByText('Trade pending')).toBeInTheDocument();
    expect(within(held!).queryByText('Open to trades')).not.toBeInTheDocument();
    expect(within(plain!).queryByText(/Open to trades|Trade pending/)).not.toBeInTheDocument();
  });
});
