import { screen, waitFor, within } from '@testing-library/react';
import { ITEM_PAGE_SIZE, type ItemSummary } from '@keeb/shared';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '../../../test/fake-api';
import { createTestQueryClient, currentUrl, renderApp, seedCategories, seedSession } from '../../../test/render-app';

const item = (index: number, overrides: Partial<ItemSummary> = {}): ItemSummary => ({
  _id: `item-${index}`,
  name: `Board ${index}`,
  price: 100,
  priceSold: null,
  thumbnail: `/uploads/${index}.jpg`,
  photos: [`/uploads/${index}.jpg`],
  categoryId: 'keyboards',
  saleTypeId: 'individual',
  offersAccepted: true,
  isFixedPrice: false,
  timeListed: new Date(Date.UTC(2024, 0, 1) - index * 60_000).toISOString(),
  likes: 0,
  sellerId: { _id: 's1', username: 'keyqueen', avatar: null },
  shippingPrices: [],
  ...overrides,
});

function setup(path = '/me/vault') {
  const saved = Array.from({ length: ITEM_PAGE_SIZE }, (_, i) =>
    item(i, { savedAt: new Date(Date.UTC(2024, 6, 1) - i * 1000).toISOString() }),
  );
  const api = installFakeApi({
    'GET /me/items/saved': (request) => ({ body: request.params.ts ? [] : saved }),
    'GET /me/items/followed': { body: [] },
  });
  const queryClient = createTestQueryClient();
  seedSession(queryClient, { username: 'switchfan' });
  seedCategories(queryClient);
  return { ...renderApp(path, queryClient), api, saved };
}

describe('/me/vault', () => {
  it('shows Saved first, paging by savedAt', async () => {
    const { api, saved } = setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Vault' })).toBeInTheDocument();
    const tabs = within(screen.getByRole('tablist', { name: 'Vault' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Saved', 'Followed Sellers']);
    const panel = screen.getByRole('tabpanel', { name: 'Saved' });
    expect(await within(panel).findByText('Board 0')).toBeInTheDocument();
    // jsdom has no layout: the page counts as scrolled to the bottom, so the next page is asked for at once.
    await waitFor(() => expect(api.callsTo('GET /me/items/saved')).toHaveLength(2));
    const [firstCall, nextCall] = api.callsTo('GET /me/items/saved');
    expect(firstCall?.params).toEqual({});
    const last = saved[ITEM_PAGE_SIZE - 1]!;
    expect(nextCall?.params).toEqual({ ts: last.savedAt, cursorId: last._id });
    expect(last.savedAt).not.toBe(last.timeListed);
    expect(api.callsTo('GET /me/items/followed')).toHaveLength(0);
  });

  it("switches to the followed sellers' listings and keeps ?tab", async () => {
    const { user, router, api } = setup();
    await screen.findByText('Board 0');
    await user.click(screen.getByRole('tab', { name: 'Followed Sellers' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/me/vault?tab=followed'));
    expect(await within(await screen.findByRole('tabpanel', { name: 'Followed Sellers' })).findByText('No Items')).toBeInTheDocument();
    expect(api.callsTo('GET /me/items/followed')).toHaveLength(1);
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(currentUrl(router)).toBe('/me/vault'));
    expect(screen.getByRole('tab', { name: 'Saved' })).toHaveFocus();
  });
});
