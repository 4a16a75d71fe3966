import { screen, waitFor, within } from '@testing-library/react';
import { REGIONS, type ItemDetail } from '@keeb/shared';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '../../../lib/browser';
import { installFakeApi, type FakeRoute } from '../../../test/fake-api';
import { createTestQueryClient, currentUrl, renderApp, seedCategories, seedSession } from '../../../test/render-app';
import { detailResponse, makeItem } from '../testing/fixtures';

/** Issue 25: the item page's money states (the buyer's own checkout, an accepted offer, a reserved item) and Purchase's confirm. */
async function renderDetail({ item = makeItem(), search = '' }: { item?: ItemDetail; search?: string } = {}, extra: Record<string, FakeRoute> = {}) {
  const api = installFakeApi({
    [`GET /item/${item._id}`]: { body: detailResponse(item) },
    'GET /me/region': { body: REGIONS.find((candidate) => candidate.code === 'US') ?? null },
    'GET /me/verified': { body: { didConfirmEmail: true } },
    'GET /items': { body: [] },
    ...extra,
  });
  const queryClient = createTestQueryClient();
  seedSession(queryClient, { username: 'switchfan' });
  seedCategories(queryClient);
  const view = renderApp(`/detail/${item._id}${search}`, queryClient);
  await screen.findByRole('heading', { level: 1, name: item.name });
  return { ...view, api };
}

const actions = () => screen.getByRole('group', { name: 'Item actions' });
const buttonNames = () => within(actions()).queryAllByRole('button').map((button) => button.textContent);

describe('item page: the buyer holding the payment lock', () => {
  const held = makeItem({ paymentStatus: 'pending', checkout: { price: 180, shippingPrice: 15 } });

  it('sees their checkout with Resume payment and Cancel, not a dead Payment Pending', async () => {
    await renderDetail({ item: held });
    await waitFor(() => expect(buttonNames()).toEqual(['Resume payment', 'Cancel', 'Message Seller']));
    expect(actions()).toHaveTextContent('Your checkout is waiting: $180 plus $15 shipping ($195 in total). Nothing has been charged.');
  });

  it('Resume payment goes back to the same order at the provider', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const { user, api } = await renderDetail({ item: held }, { 'POST /payment/item/create': { body: { redirectUrl: 'https://pay.example/approve/ORDER1' } } });
    await user.click(await screen.findByRole('button', { name: 'Resume payment' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/approve/ORDER1'));
    expect(api.callsTo('POST /payment/item/create')).toHaveLength(1);
  });

  it('Cancel releases the item and says nothing was charged', async () => {
    let released = false;
    const { user, api } = await renderDetail({ item: held }, {
      'GET /item/i1': () => ({ body: detailResponse(released ? makeItem({ checkout: null }) : held) }),
      'POST /payment/item/cancel': () => {
        released = true;
        return { body: { _id: 'i1', paymentStatus: 'none' } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('POST /payment/item/cancel')[0]?.body).toEqual({ _id: 'i1' });
    expect(await screen.findByText('Checkout cancelled. Nothing was charged.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Purchase' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Resume payment' })).not.toBeInTheDocument();
  });

  it("back from the provider's Cancel, the page releases the lock at once and drops the mark", async () => {
    const { api, router } = await renderDetail({ item: held, search: '?payment=cancelled&token=ORDER1' }, {
      'POST /payment/item/cancel': { body: { _id: 'i1', paymentStatus: 'none' } },
    });
    expect(await screen.findByText('Checkout cancelled. Nothing was charged.')).toBeInTheDocument();
    expect(api.callsTo('POST /payment/item/cancel')).toHaveLength(1);
    await waitFor(() => expect(currentUrl(router)).toBe('/detail/i1'));
  });

  it('others still see a disabled Payment Pending', async () => {
    await renderDetail({ item: makeItem({ paymentStatus: 'pending', checkout: null }) });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Payment Pending' })).toBeDisabled());
    expect(buttonNames()).toEqual(['Payment Pending', 'Message Seller']);
  });
});

describe('item page: an accepted offer awaiting payment', () => {
  const accepted = makeItem({
    viewerOffer: { _id: 'o1', status: 'accepted', price: 150, shippingPrice: 15, timeAccepted: new Date().toISOString() },
  });

  it('shows its buyer the offer, its price and the time left, with Pay Now in place of Purchase and Make An Offer', async () => {
    await renderDetail({ item: accepted });
    await waitFor(() => expect(buttonNames()).toEqual(['Pay Now', 'Message Seller']));
    expect(actions()).toHaveTextContent('Your offer of $150 was accepted.');
    expect(within(actions()).getByText(/^\[2[34]h \d+m \d+s left to pay\]$/)).toBeInTheDocument();
  });

  it('Pay Now confirms the total with shipping, then goes to the provider', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const { user, api } = await renderDetail({ item: accepted }, { 'POST /payment/item/create': { body: { redirectUrl: 'https://pay.example/approve/ORDER2' } } });
    await user.click(await screen.findByRole('button', { name: 'Pay Now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay Now' });
    expect(dialog).toHaveTextContent('Pay $150 plus $15 shipping ($165 in total) for Tofu65 Aluminium through PayPal?');
    expect(api.callsTo('POST /payment/item/create')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Continue to PayPal' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/approve/ORDER2'));
    expect(api.callsTo('POST /payment/item/create')[0]?.body).toMatchObject({ _id: 'i1', price: 150, shippingPrice: 15 });
  });

  it("shows a seller's counter as the price to pay, and where to answer it", async () => {
    await renderDetail({ item: makeItem({ viewerOffer: { _id: 'o1', status: 'countered', price: 165, shippingPrice: 15, timeAccepted: null } }) });
    await waitFor(() => expect(buttonNames()).toEqual(['Pay Now', 'Message Seller']));
    expect(actions()).toHaveTextContent('The seller countered your offer: $165.');
    expect(within(actions()).getByRole('link', { name: 'Counter from your offers' })).toHaveAttribute('href', '/me/offers?tab=sent');
  });

  it('shows other buyers that the item is reserved, with no Purchase that cannot work', async () => {
    await renderDetail({ item: makeItem({ reserved: true, viewerOffer: null }) });
    await waitFor(() => expect(buttonNames()).toEqual(['Reserved', 'Make An Offer', 'Message Seller']));
    expect(screen.getByRole('button', { name: 'Reserved' })).toBeDisabled();
    expect(actions()).toHaveTextContent("Reserved: another buyer's offer was accepted, and they have up to 24 hours to pay. You can still make an offer in case they do not.");
  });
});

describe('item page: Purchase confirms the total', () => {
  it('asks before going to the provider, shipping included', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const { user, api } = await renderDetail({}, { 'POST /payment/item/create': { body: { redirectUrl: 'https://pay.example/approve/ORDER1' } } });
    await user.click(await screen.findByRole('button', { name: 'Purchase' }));
    const dialog = await screen.findByRole('dialog', { name: 'Purchase' });
    expect(dialog).toHaveTextContent('Pay $180 plus $15 shipping ($195 in total) for Tofu65 Aluminium through PayPal?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('POST /payment/item/create')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Purchase' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Purchase' })).getByRole('button', { name: 'Continue to PayPal' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/approve/ORDER1'));
    expect(api.callsTo('POST /payment/item/create')).toHaveLength(1);
  });
});
