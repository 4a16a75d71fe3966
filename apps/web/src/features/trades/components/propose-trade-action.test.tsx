import { screen, waitFor, within } from '@testing-library/react';
import { REGIONS, TRADE_ERRORS, type ItemDetail } from '@keeb/shared';
import { describe, expect, it } from 'vitest';
import { installFakeApi, type FakeRoute } from '../../../test/fake-api';
import { createTestQueryClient, currentUrl, renderApp, seedCategories, seedSession } from '../../../test/render-app';
import { detailResponse, makeItem } from '../../items/testing/fixtures';
import type { TradeListingFields } from '../api/get-listings';
import { tradeErrorText } from '../messages';
import { makeListing, makeTrade } from '../testing/fixtures';

const ADDRESS = { name: 'Sam Switch', line1: '1 Main St', line2: '', city: 'Springfield', region: 'IL', postalCode: '62701', country: 'US' };
const openItem = (overrides: Partial<ItemDetail & TradeListingFields> = {}) => makeItem({ openToTrades: true, lookingFor: 'GMK keycaps', ...overrides } as Partial<ItemDetail>);

/** The item page of i1 (keyqueen's), open to trades, seen by switchfan (or a visitor), with switchfan's listings. */
async function renderDetail(
  { item = openItem(), signedIn = true, isUserItem = false }: { item?: ItemDetail; signedIn?: boolean; isUserItem?: boolean } = {},
  extra: Record<string, FakeRoute> = {},
) {
  const api = installFakeApi({
    [`GET /item/${item._id}`]: { body: detailResponse(item, { isLoggedIn: signedIn, isUserItem }) },
    'GET /me/region': { body: REGIONS.find((region) => region.code === 'US') ?? null },
    'GET /me/verified': { body: { didConfirmEmail: true } },
    'GET /items': { body: [] },
    'GET /me/address': { body: ADDRESS },
    'GET /user/switchfan/items/listed': {
      body: [makeListing(1), makeListing(2), makeListing(3), makeListing(4), makeListing(5), makeListing(6, { tradePending: true })],
    },
    ...extra,
  });
  const queryClient = createTestQueryClient();
  seedSession(queryClient, signedIn ? { username: 'switchfan' } : undefined);
  seedCategories(queryClient);
  const view = renderApp(`/detail/${item._id}`, queryClient);
  await screen.findByRole('heading', { level: 1, name: item.name });
  return { ...view, api };
}

async function openModal(user: Awaited<ReturnType<typeof renderDetail>>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Propose a trade' }));
  const dialog = await screen.findByRole('dialog', { name: 'Propose a Trade' });
  await within(dialog).findByRole('checkbox', { name: /Listing 1/ });
  return dialog;
}

const pick = (dialog: HTMLElement, name: string) => within(dialog).getByRole('checkbox', { name: new RegExp(name) });

describe("item page: 'Propose a trade'", () => {
  it('is offered on an item open to trades, next to the offer actions, and not otherwise', async () => {
    await renderDetail();
    const actions = screen.getByRole('group', { name: 'Item actions' });
    const names = [...actions.querySelectorAll('button, a')].map((element) => element.textContent);
    expect(names.indexOf('Propose a trade')).toBeGreaterThan(names.indexOf('Make An Offer'));
    expect(names.indexOf('Propose a trade')).toBe(names.indexOf('Message Seller') - 1);
  });

  it.each([
    ['not open to trades', { openToTrades: false }],
    ['sold', { purchaserId: 'u9' }],
    ['held by an accepted trade', { tradePending: true }],
    ['being paid for', { paymentStatus: 'pending' }],
  ])('is not offered on an item %s', async (_, overrides) => {
    await renderDetail({ item: openItem(overrides as Partial<ItemDetail>) });
    expect(screen.queryByRole('button', { name: 'Propose a trade' })).not.toBeInTheDocument();
  });

  it("is not offered to the item's owner", async () => {
    await renderDetail({ isUserItem: true });
    expect(screen.queryByRole('button', { name: 'Propose a trade' })).not.toBeInTheDocument();
  });

  it('sends a visitor to sign in, and back to the item', async () => {
    const { user, router, api } = await renderDetail({ signedIn: false });
    await user.click(screen.getByRole('button', { name: 'Propose a trade' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/login?returnUrl=%2Fdetail%2Fi1'));
    expect(api.callsTo('GET /user/switchfan/items/listed')).toHaveLength(0);
  });

  it('lists your listings with thumbnail, name and price; a held one is disabled as Trade pending; at most four', async () => {
    const { user } = await renderDetail();
    const dialog = await openModal(user);
    const first = pick(dialog, 'Listing 1').closest('label') as HTMLElement;
    const image = within(first).getByRole('img', { name: 'Listing 1' });
    expect(image).toHaveAttribute('src', '/uploads/@2x_photo-1.jpg');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(first).toHaveTextContent('$101');
    expect(pick(dialog, 'Listing 6')).toBeDisabled();
    expect(pick(dialog, 'Listing 6').closest('label')).toHaveTextContent('Trade pending');
    for (const index of [1, 2, 3, 4]) await user.click(pick(dialog, `Listing ${index}`));
    expect(pick(dialog, 'Listing 5')).toBeDisabled();
    expect(dialog).toHaveTextContent('(4 picked)');
    await user.click(pick(dialog, 'Listing 4'));
    expect(pick(dialog, 'Listing 5')).toBeEnabled();
  });

  it('checks the form before sending: a listing, and an amount when cash goes either way', async () => {
    const { user, api } = await renderDetail();
    const dialog = await openModal(user);
    const send = within(dialog).getByRole('button', { name: 'Send trade proposal' });
    await user.click(send);
    expect(within(dialog).getByText('Pick one to 4 of your listings.')).toBeInTheDocument();
    await user.click(pick(dialog, 'Listing 1'));
    await user.click(within(dialog).getByRole('radio', { name: 'I add cash' }));
    await user.click(send);
    expect(within(dialog).getByText('Amount required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Amount (USD)'), 'forty');
    await user.click(send);
    expect(within(dialog).getByText('Amount must be a number')).toBeInTheDocument();
    expect(api.callsTo('POST /trade')).toHaveLength(0);
  });

  it.each([
    ['I add cash', { cashToSeller: 40, cashToBuyer: 0 }],
    ['I ask for cash', { cashToSeller: 0, cashToBuyer: 40 }],
    ['No cash', { cashToSeller: 0, cashToBuyer: 0 }],
  ])("sends the proposal with '%s', then says it was sent with a link to the trades", async (choice, cash) => {
    const { user, api } = await renderDetail({}, { 'POST /trade': { body: makeTrade() } });
    const dialog = await openModal(user);
    await user.click(pick(dialog, 'Listing 2'));
    await user.click(pick(dialog, 'Listing 1'));
    await user.click(within(dialog).getByRole('radio', { name: choice }));
    if (choice !== 'No cash') await user.type(within(dialog).getByLabelText('Amount (USD)'), '40');
    await user.type(within(dialog).getByLabelText('Message'), '  Olivia for your Tofu?  ');
    await user.click(within(dialog).getByRole('button', { name: 'Send trade proposal' }));
    expect(await screen.findByText(/Your trade proposal was sent\./)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST /trade')[0]?.body).toEqual({
      itemId: 'i1',
      offeredItemIds: [makeListing(2)._id, makeListing(1)._id],
      ...cash,
      message: 'Olivia for your Tofu?',
    });
    expect(screen.getByRole('link', { name: 'See your trades' })).toHaveAttribute('href', '/me/offers?tab=trades');
  });

  it('says so, with a link to Settings, when you have no mailing address, and sends nothing', async () => {
    const { user, api } = await renderDetail({}, { 'GET /me/address': { body: null } });
    const dialog = await openModal(user);
    expect(await within(dialog).findByText(/Add your mailing address in Settings first/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(within(dialog).getByRole('button', { name: 'Send trade proposal' })).toBeDisabled();
    expect(api.callsTo('POST /trade')).toHaveLength(0);
  });

  it.each(Object.values(TRADE_ERRORS))("shows the refusal '%s' in clear words and keeps the form", async (code) => {
    const { user } = await renderDetail({}, { 'POST /trade': { status: code === 'not_found' ? 404 : 409, body: { message: code } } });
    const dialog = await openModal(user);
    await user.click(pick(dialog, 'Listing 1'));
    await user.click(within(dialog).getByRole('button', { name: 'Send trade proposal' }));
    const text = tradeErrorText(code);
    expect(await within(dialog).findByText(new RegExp(text.slice(0, 30).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Propose a Trade' })).toBeInTheDocument();
  });

  it('names a distinct text for every trade error code', () => {
    const texts = Object.values(TRADE_ERRORS).map(tradeErrorText);
    expect(new Set(texts).size).toBe(texts.length);
    expect(texts).not.toContain('Something went wrong. Please try again.');
  });
});
