import { screen, waitFor, within } from '@testing-library/react';
import { SELLER_TOOL_TEXTS, type SavedItemNotification, type SaverOffer } from '@keeb/shared';
import { describe, expect, it } from 'vitest';
import { installFakeApi, type FakeRoute } from '../../../test/fake-api';
import { installFakeSocket } from '../../../test/fake-socket';
import { makeItem } from '../../../test/make-item';
import { createTestQueryClient, currentUrl, renderApp, seedCategories, seedSession } from '../../../test/render-app';
import { savedItemNoticePath } from './saved-item-notice';
import { timeLeftText } from './saver-offers';

const HOUR = 3_600_000;

function makeOffer(overrides: Partial<SaverOffer> = {}): SaverOffer {
  return {
    _id: 'so1',
    price: 150,
    listPrice: 180,
    createdAt: new Date(Date.now() - HOUR).toISOString(),
    expiresAt: new Date(Date.now() + 5 * HOUR + 30 * 60_000).toISOString(),
    status: 'open',
    offerId: null,
    item: { _id: 'i1', name: 'Tofu65 Aluminium', thumbnail: '/uploads/@2x_tofu.jpg' },
    seller: { _id: 'u2', username: 'keyqueen' },
    ...overrides,
  };
}

function setup(offers: SaverOffer[] | (() => SaverOffer[]), extra: Record<string, FakeRoute> = {}, { signedIn = true, path = '/me/vault' } = {}) {
  const api = installFakeApi({
    'GET /me/items/saved': (request) => ({
      body: request.params.ts ? [] : [makeItem(1, { price: 99, priceDrop: { from: 120, at: new Date().toISOString() } }), makeItem(2, { priceDrop: null })],
    }),
    'GET /me/saver-offers': () => ({ body: { saverOffers: typeof offers === 'function' ? offers() : offers } }),
    'GET /item/i1': { status: 404, body: { message: 'not_found' } },
    ...extra,
  });
  const queryClient = createTestQueryClient();
  seedSession(queryClient, signedIn ? { username: 'switchfan' } : undefined);
  seedCategories(queryClient);
  return { ...renderApp(path, queryClient), api };
}

const offersFor = () => screen.getByRole('region', { name: 'Offers for you' });

describe('Saved tab: price drops', () => {
  it('a card with a drop says from what to what, as the cards write prices; others say nothing', async () => {
    setup([]);
    const panel = await screen.findByRole('tabpanel', { name: 'Saved' });
    expect(await within(panel).findByText(SELLER_TOOL_TEXTS.priceDropped('$120', '$99'))).toBeInTheDocument();
    expect(within(panel).getAllByText(/Price dropped/)).toHaveLength(1);
    // No offers: no section.
    expect(screen.queryByRole('region', { name: 'Offers for you' })).not.toBeInTheDocument();
  });
});

describe("Saved tab: 'Offers for you'", () => {
  it('lists each offer above the saved cards: photo, name, the price with the list price struck, time left', async () => {
    setup([
      makeOffer(),
      makeOffer({ _id: 'so2', status: 'taken', offerId: 'o9', item: { _id: 'i2', name: 'GMK Olivia', thumbnail: '/o.jpg' } }),
      makeOffer({ _id: 'so3', status: 'gone', item: { _id: 'i3', name: 'Zeal Sakurios', thumbnail: '/z.jpg' } }),
      makeOffer({ _id: 'so4', status: 'expired', item: { _id: 'i4', name: 'NK Cream', thumbnail: '/n.jpg' } }),
    ]);
    const section = await screen.findByRole('region', { name: 'Offers for you' });
    const panel = screen.getByRole('tabpanel', { name: 'Saved' });
    // Above the cards.
    const cards = await within(panel).findByRole('list', { name: 'Saved items' });
    expect(section.compareDocumentPosition(cards) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const rows = within(section).getAllByRole('listitem');
    expect(rows).toHaveLength(4);
    const open = rows[0]!;
    expect(within(open).getByRole('link', { name: 'Tofu65 Aluminium' })).toHaveAttribute('href', '/detail/i1');
    expect(open.querySelector('img')).toHaveAttribute('src', '/uploads/@2x_tofu.jpg');
    expect(open).toHaveTextContent('$150');
    expect(open.querySelector('s')).toHaveTextContent('was $180');
    expect(open).toHaveTextContent(/From keyqueen · 5h (29|30)m left/);
    expect(within(open).getByRole('button', { name: 'Take it: Tofu65 Aluminium for $150' })).toBeEnabled();

    expect(within(rows[1]!).getByRole('link', { name: 'Pay for GMK Olivia' })).toHaveAttribute('href', '/detail/i2');
    expect(within(rows[1]!).queryByRole('button')).not.toBeInTheDocument();
    expect(rows[2]).toHaveTextContent(SELLER_TOOL_TEXTS.saverOfferGone);
    expect(within(rows[2]!).queryByRole('button')).not.toBeInTheDocument();
    expect(rows[3]).toHaveTextContent('This offer has ended.');
  });

  it("'Take it' takes the offer and goes to the item's page to pay", async () => {
    const { user, api, router } = setup([makeOffer()], { 'POST /saver-offer/so1/take': { body: { offerId: 'o7', itemId: 'i1' } } });
    await user.click(await within(await screen.findByRole('region', { name: 'Offers for you' })).findByRole('button', { name: /Take it/ }));
    await waitFor(() => expect(currentUrl(router)).toBe('/detail/i1'));
    expect(api.callsTo('POST /saver-offer/so1/take')).toHaveLength(1);
  });

  it('gone when taken: says so and refreshes the list', async () => {
    let gone = false;
    const { user, api } = setup(() => [makeOffer({ status: gone ? 'gone' : 'open' })], {
      'POST /saver-offer/so1/take': () => {
        gone = true;
        return { status: 409, body: { message: 'saver_offer_gone' } };
      },
    });
    await user.click(await within(await screen.findByRole('region', { name: 'Offers for you' })).findByRole('button', { name: /Take it/ }));
    expect(await within(offersFor()).findByRole('alert')).toHaveTextContent(SELLER_TOOL_TEXTS.saverOfferGone);
    await waitFor(() => expect(within(offersFor()).queryByRole('button', { name: /Take it/ })).not.toBeInTheDocument());
    expect(api.callsTo('GET /me/saver-offers')).toHaveLength(2);
  });

  it('a seller who went away meanwhile: the refusal says until when', async () => {
    const { user } = setup([makeOffer()], {
      'POST /saver-offer/so1/take': { status: 409, body: { message: 'seller_away', until: '2026-12-24T00:00:00.000Z' } },
    });
    await user.click(await within(await screen.findByRole('region', { name: 'Offers for you' })).findByRole('button', { name: /Take it/ }));
    expect(await within(offersFor()).findByRole('alert')).toHaveTextContent(SELLER_TOOL_TEXTS.awayRefused('Dec 24, 2026'));
  });

  it('time left reads to the minute', () => {
    const now = Date.UTC(2026, 0, 1, 12);
    expect(timeLeftText(new Date(now + 23 * HOUR + 59 * 60_000 + 30_000).toISOString(), now)).toBe('23h 59m left');
    expect(timeLeftText(new Date(now + 30_000).toISOString(), now)).toBe('< 1m left');
  });

  it('a visitor is sent to log in and nothing is asked for', async () => {
    const { router, api } = setup([makeOffer()], {}, { signedIn: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.callsTo('GET /me/saver-offers')).toHaveLength(0);
  });
});

describe('the savedItemUpdate corner notification', () => {
  const drop: SavedItemNotification = {
    kind: 'priceDrop',
    item: { _id: 'i1', name: 'Tofu65 Aluminium', thumbnail: '/uploads/@2x_tofu.jpg', price: 99 },
    text: 'Price dropped from $120 to $99: Tofu65 Aluminium',
    path: '/item/i1',
  };

  it("shows the push's text linking to the item, refreshes the Saved tab and its offers, and goes once opened", async () => {
    const socket = installFakeSocket();
    const { api, user, router } = setup([]);
    await screen.findByRole('tabpanel', { name: 'Saved' });
    await waitFor(() => expect(api.callsTo('GET /me/saver-offers')).toHaveLength(1));
    const savedCalls = api.callsTo('GET /me/items/saved').length;

    await (await socket.ready()).serverEmit('savedItemUpdate', drop);
    const corner = screen.getByTestId('corner-notification');
    const link = await within(corner).findByRole('link', { name: drop.text });
    expect(link).toHaveAttribute('href', '/detail/i1');
    await waitFor(() => expect(api.callsTo('GET /me/saver-offers')).toHaveLength(2));
    expect(api.callsTo('GET /me/items/saved').length).toBeGreaterThan(savedCalls);

    await user.click(link);
    await waitFor(() => expect(currentUrl(router)).toBe('/detail/i1'));
    expect(within(corner).queryByRole('link', { name: drop.text })).not.toBeInTheDocument();
  });

  it('issue 36: the mail and notice link (?tab=saved&item=) marks that offer', async () => {
    setup([makeOffer(), makeOffer({ _id: 'so2', item: { _id: 'i2', name: 'GMK Olivia', thumbnail: '/uploads/@2x_o.jpg' } })], {}, { path: '/me/vault?tab=saved&item=so2' });
    const row = (await within(await screen.findByRole('region', { name: 'Offers for you' })).findByRole('link', { name: 'GMK Olivia' })).closest('li');
    expect(row).toHaveAttribute('aria-current', 'true');
    expect(within(offersFor()).getByRole('link', { name: 'Tofu65 Aluminium' }).closest('li')).not.toHaveAttribute('aria-current');
    expect(savedItemNoticePath({ ...drop, kind: 'saverOffer', path: '/me/vault?tab=saved&item=so2' })).toBe('/me/vault?tab=saved&item=so2');
  });

  it('leads an offer to the Saved tab, and keeps a path that is a page of the app', () => {
    expect(savedItemNoticePath({ ...drop, kind: 'saverOffer', path: '/me/saved' })).toBe('/me/vault');
    expect(savedItemNoticePath({ ...drop, kind: 'saverOfferGone', path: '/me/vault' })).toBe('/me/vault');
    expect(savedItemNoticePath({ ...drop, path: '/detail/i9' })).toBe('/detail/i9');
    expect(savedItemNoticePath({ ...drop, path: 'https://evil.example/' })).toBe('/detail/i1');
  });
});
