import { screen, waitFor, within } from '@testing-library/react';
import { REGIONS, type ItemDetail } from '@keeb/shared';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '../../../test/fake-api';
import { createTestQueryClient, renderApp, seedCategories, seedSession } from '../../../test/render-app';
import { detailResponse, makeItem } from '../testing/fixtures';

/** Issue 28 on the item page: 'Open to trades', 'Looking for: ...', and 'Trade pending' hiding Buy and Make Offer. */
async function renderDetail(item: ItemDetail, { signedIn = true, isUserItem = false } = {}) {
  installFakeApi({
    [`GET /item/${item._id}`]: { body: detailResponse(item, { isLoggedIn: signedIn, isUserItem }) },
    'GET /me/region': { body: REGIONS.find((region) => region.code === 'US') ?? null },
    'GET /me/verified': { body: { didConfirmEmail: true } },
    'GET /items': { body: [] },
  });
  const queryClient = createTestQueryClient();
  seedSession(queryClient, signedIn ? { username: isUserItem ? 'keyqueen' : 'switchfan' } : undefined);
  seedCategories(queryClient);
  const view = renderApp(`/detail/${item._id}`, queryClient);
  await screen.findByRole('heading', { level: 1, name: item.name });
  return view;
}

const actions = () => screen.getByRole('group', { name: 'Item actions' });
const actionNames = () => [...actions().querySelectorAll('button, a')].map((element) => element.textContent);
const trades = () => screen.getByRole('region', { name: 'Trades' });

describe('item page: open to trades', () => {
  it("shows 'Open to trades' and 'Looking for: ...' beside the usual buttons", async () => {
    await renderDetail(makeItem({ openToTrades: true, lookingFor: 'GMK Olivia or a Tofu65 + cash' }));
    expect(within(trades()).getByText('Open to trades')).toBeInTheDocument();
    expect(within(trades()).getByText('Looking for: GMK Olivia or a Tofu65 + cash')).toBeInTheDocument();
    expect(within(trades()).queryByText('Trade pending')).not.toBeInTheDocument();
    await waitFor(() => expect(actionNames()).toEqual(expect.arrayContaining(['Purchase', 'Make An Offer'])));
  });

  it('open with nothing said: the badge alone', async () => {
    await renderDetail(makeItem({ openToTrades: true, lookingFor: '' }));
    expect(within(trades()).getByText('Open to trades')).toBeInTheDocument();
    expect(screen.queryByText(/^Looking for:/)).not.toBeInTheDocument();
  });

  it('a listing closed to trades shows no trade terms', async () => {
    await renderDetail(makeItem());
    expect(screen.queryByRole('region', { name: 'Trades' })).not.toBeInTheDocument();
    expect(screen.queryByText('Open to trades')).not.toBeInTheDocument();
  });

  it.each([
    ['a signed-in buyer', { signedIn: true }],
    ['a visitor', { signedIn: false }],
  ])("while a trade is pending, %s sees 'Trade pending' and no Purchase or Make An Offer", async (_who, viewer) => {
    await renderDetail(makeItem({ openToTrades: true, lookingFor: 'A 65%', tradePending: true }), viewer);
    expect(within(trades()).getByRole('status')).toHaveTextContent('Trade pending');
    expect(within(trades()).getByText('Looking for: A 65%')).toBeInTheDocument();
    await waitFor(() => expect(actionNames()).toContain('Message Seller'));
    expect(actionNames()).not.toContain('Purchase');
    expect(actionNames()).not.toContain('Make An Offer');
  });

  it('the seller of a held listing may copy it but neither edit nor remove it', async () => {
    await renderDetail(makeItem({ openToTrades: true, tradePending: true }), { isUserItem: true });
    expect(within(trades()).getByText('Trade pending')).toBeInTheDocument();
    await waitFor(() => expect(actionNames()).toContain('List Similar Item'));
    expect(actionNames()).not.toContain('Edit Listing');
    expect(actionNames()).not.toContain('Remove From Sale');
  });

  it('a sold listing no longer invites trades', async () => {
    await renderDetail(makeItem({ openToTrades: true, lookingFor: 'A 65%', purchaserId: 'u9', priceSold: 170 }));
    expect(screen.queryByText('Open to trades')).not.toBeInTheDocument();
    expect(screen.queryByText('Looking for: A 65%')).not.toBeInTheDocument();
  });
});
