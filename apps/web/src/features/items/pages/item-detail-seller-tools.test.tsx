import { screen, waitFor, within } from '@testing-library/react';
import { REGIONS, SELLER_TOOL_TEXTS, type ItemDetail } from '@keeb/shared';
import { describe, expect, it } from 'vitest';
import { installFakeApi, type FakeRoute } from '../../../test/fake-api';
import { createTestQueryClient, renderApp, seedCategories, seedSession } from '../../../test/render-app';
import { detailResponse, makeItem } from '../testing/fixtures';

/** Issue 29 on the item page: the away seller's notice and disabled actions, the refusals, and the owner's offer to savers. */
async function renderDetail(
  { item = makeItem(), isUserItem = false, signedIn = true }: { item?: ItemDetail; isUserItem?: boolean; signedIn?: boolean } = {},
  extra: Record<string, FakeRoute> = {},
) {
  const api = installFakeApi({
    [`GET /item/${item._id}`]: { body: detailResponse(item, { isUserItem, isLoggedIn: signedIn }) },
    'GET /me/region': { body: REGIONS.find((candidate) => candidate.code === 'US') ?? null },
    'GET /me/verified': { body: { didConfirmEmail: true } },
    'GET /items': { body: [] },
    ...extra,
  });
  const queryClient = createTestQueryClient();
  seedSession(queryClient, signedIn ? { username: isUserItem ? 'keyqueen' : 'switchfan' } : undefined);
  seedCategories(queryClient);
  const view = renderApp(`/detail/${item._id}`, queryClient);
  await screen.findByRole('heading', { level: 1, name: item.name });
  return { ...view, api };
}

const actions = () => screen.getByRole('group', { name: 'Item actions' });
const AWAY = '2026-12-24T00:00:00.000Z';

describe('item page: the seller is away', () => {
  it('says until when, and disables Purchase, Make An Offer and Propose a trade for buyers', async () => {
    await renderDetail({ item: makeItem({ sellerAwayUntil: AWAY, openToTrades: true }) });
    expect(screen.getByText(SELLER_TOOL_TEXTS.awayBanner('keyqueen', 'Dec 24, 2026'))).toBeInTheDocument();
    await waitFor(() => expect(within(actions()).getByRole('button', { name: 'Purchase' })).toBeDisabled());
    expect(within(actions()).getByRole('button', { name: 'Make An Offer' })).toBeDisabled();
    expect(within(actions()).getByRole('button', { name: 'Propose a trade' })).toBeDisabled();
    expect(within(actions()).getByRole('button', { name: 'Message Seller' })).toBeEnabled();
  });

  it('a visitor reads the same notice', async () => {
    await renderDetail({ item: makeItem({ sellerAwayUntil: AWAY }), signedIn: false });
    expect(screen.getByText('keyqueen is away until Dec 24, 2026.')).toBeInTheDocument();
    expect(within(actions()).getByRole('button', { name: 'Purchase' })).toBeDisabled();
  });

  it('the seller reads that the listing is hidden, and keeps their own buttons', async () => {
    await renderDetail({ item: makeItem({ sellerAwayUntil: AWAY }), isUserItem: true });
    expect(screen.getByText(SELLER_TOOL_TEXTS.awayOwnBanner('Dec 24, 2026'))).toBeInTheDocument();
    expect(within(actions()).getByRole('link', { name: 'Edit Listing' })).toBeInTheDocument();
  });

  it('no notice when the seller is not away', async () => {
    await renderDetail();
    expect(screen.queryByText(/is away until/)).not.toBeInTheDocument();
    expect(within(actions()).getByRole('button', { name: 'Purchase' })).toBeEnabled();
  });

  it("an offer refused with seller_away (the page was older) says until when", async () => {
    const { user } = await renderDetail({}, { 'POST /offer': { status: 409, body: { message: 'seller_away', until: AWAY } } });
    await user.click(within(actions()).getByRole('button', { name: 'Make An Offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Offer' });
    await user.type(within(dialog).getByLabelText('Your offer (USD)'), '150');
    await user.click(within(dialog).getByRole('button', { name: 'Send Offer' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(SELLER_TOOL_TEXTS.awayRefused('Dec 24, 2026'));
  });

  it('a purchase refused with seller_away says until when', async () => {
    const { user } = await renderDetail({}, { 'POST /payment/item/create': { status: 409, body: { message: 'seller_away', until: AWAY } } });
    await user.click(within(actions()).getByRole('button', { name: 'Purchase' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Purchase' })).getByRole('button', { name: 'Continue to PayPal' }));
    const alert = await screen.findByRole('dialog', { name: 'Seller Away' });
    expect(alert).toHaveTextContent('The seller is away until Dec 24, 2026. Offers and purchases open again when they are back.');
  });
});

describe('item page: offer to savers (the owner)', () => {
  const owned = (saverOffer: ItemDetail['saverOffer']) => makeItem({ saverOffer });

  it('sends a price below the listing to the savers and says how many', async () => {
    let sent = false;
    const { user, api } = await renderDetail({ item: owned({ allowed: true, savers: 3, nextAt: null }), isUserItem: true }, {
      'GET /item/i1': () => ({
        body: detailResponse(owned(sent ? { allowed: false, savers: 3, nextAt: '2026-12-31T10:00:00.000Z' } : { allowed: true, savers: 3, nextAt: null }), { isUserItem: true }),
      }),
      'POST /item/i1/offer-to-savers': () => {
        sent = true;
        return { body: { _id: 'so1', recipients: 3, expiresAt: '2026-12-25T10:00:00.000Z' } };
      },
    });
    const button = screen.getByRole('button', { name: 'Offer to savers' });
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Offer to savers' });
    const price = within(dialog).getByLabelText('Your price (USD)');
    // Focus order: the dialog's close button first (the app's modals), then the price.
    await user.tab();
    expect(price).toHaveFocus();
    expect(dialog).toHaveTextContent('3 people saved Tofu65 Aluminium, listed at $180.');

    // The app's price rules, then below the listing's price.
    await user.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect(within(dialog).getByText('Offer price required')).toBeInTheDocument();
    await user.type(price, '180');
    await user.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect(within(dialog).getByText('Offer price must be below your price of $180')).toBeInTheDocument();
    expect(api.callsTo('POST /item/i1/offer-to-savers')).toHaveLength(0);

    await user.clear(price);
    await user.type(price, '150');
    await user.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect(await screen.findByText(SELLER_TOOL_TEXTS.saverOfferSent(3))).toBeInTheDocument();
    expect(api.callsTo('POST /item/i1/offer-to-savers')[0]?.body).toEqual({ price: '150' });
    expect(screen.queryByRole('dialog', { name: 'Offer to savers' })).not.toBeInTheDocument();
    // The page reloads its saverOffer: the weekly limit now holds, with the next day.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Offer to savers' })).toBeDisabled());
    expect(screen.getByText(`${SELLER_TOOL_TEXTS.saverOfferLimit} Next: Dec 31, 2026.`)).toBeInTheDocument();
  }, 20_000);

  it('is disabled with the reason: nobody saved it, or the weekly limit with the next day', async () => {
    await renderDetail({ item: owned({ allowed: false, savers: 0, nextAt: null }), isUserItem: true });
    const button = screen.getByRole('button', { name: 'Offer to savers' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Nobody has saved this item yet.');
  });

  it('shows the weekly limit refused by the server, and a price refused by the server on the field', async () => {
    let calls = 0;
    const { user } = await renderDetail({ item: owned({ allowed: true, savers: 1, nextAt: null }), isUserItem: true }, {
      'POST /item/i1/offer-to-savers': () =>
        ++calls === 1 ? { status: 400, body: { message: 'price', field: 'price' } } : { status: 409, body: { message: 'saver_offer_limit', timeLeft: 3 * 86_400_000 } },
    });
    await user.click(screen.getByRole('button', { name: 'Offer to savers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Offer to savers' });
    expect(dialog).toHaveTextContent('1 person saved');
    await user.type(within(dialog).getByLabelText('Your price (USD)'), '99');
    await user.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect(await within(dialog).findByText('Offer price must be below your price of $180')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Your price (USD)'));
    await user.type(within(dialog).getByLabelText('Your price (USD)'), '99');
    await user.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(SELLER_TOOL_TEXTS.saverOfferLimit);
  }, 20_000);

  it('is not there for buyers (the answer carries no saverOffer)', async () => {
    await renderDetail();
    expect(screen.queryByRole('button', { name: 'Offer to savers' })).not.toBeInTheDocument();
  });
});
