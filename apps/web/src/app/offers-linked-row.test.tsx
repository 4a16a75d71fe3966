import { screen, within } from '@testing-library/react';
import type { ReceivedItemGroup, SentOffer, Trade } from '@keeb/shared';
import { describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '../test/fake-api';
import { createTestQueryClient, renderApp, seedCategories, seedSession } from '../test/render-app';
import { makeGroup, makeReceivedOffer, makeSentOffer } from '../features/offers/testing/fixtures';
import { makeTrade, makeTradeItem } from '../features/trades/testing/fixtures';

// Issue 36 (walkthrough item 5): a mail's link (/me/offers?tab=...&item=<id>) opens that tab with that row marked
// and brought into view, a closed trade's panel opened.
function setup(path: string, { received = [], sent = [], trades = [] }: { received?: ReceivedItemGroup[]; sent?: SentOffer[]; trades?: Trade[] } = {}) {
  installFakeApi({
    'GET /me/offers/received': { body: received },
    'GET /me/offers/sent': { body: sent },
    'GET /me/trades': (request) => ({ body: request.params.role === 'sent' ? [] : trades }),
    'GET /me/notifications': { body: { numNewOffers: 0, numNewMessages: 0, numNewTrades: 0 } },
  });
  const queryClient = createTestQueryClient();
  seedSession(queryClient, { username: 'switchfan' });
  seedCategories(queryClient);
  return renderApp(path, queryClient);
}

const selectedTab = () => within(screen.getByRole('tablist', { name: 'Offers' })).getByRole('tab', { selected: true }).textContent;

describe('/me/offers?tab=...&item=<id>: the linked row', () => {
  it("'Pay now' (?tab=sent&item=): the Sent tab, that offer marked and scrolled to", async () => {
    // jsdom has no scrollIntoView: one to watch.
    const scrolled = vi.fn();
    Object.defineProperty(HTMLElement.prototype, 'scrollIntoView', { value: scrolled, configurable: true });
    setup('/me/offers?tab=sent&item=s2', {
      sent: [makeSentOffer({ _id: 's1' }, { _id: 'i1', name: 'Tofu65' }), makeSentOffer({ _id: 's2', status: 'accepted' }, { _id: 'i2', name: 'GMK Olivia' })],
    });
    const row = (await screen.findByRole('link', { name: 'GMK Olivia' })).closest('li')!;
    expect(selectedTab()).toBe('Sent');
    expect(row).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('link', { name: 'Tofu65' }).closest('li')).not.toHaveAttribute('aria-current');
    expect(scrolled.mock.contexts).toContain(row);
    delete (HTMLElement.prototype as Partial<HTMLElement>).scrollIntoView;
  });

  it('a new offer (?tab=received&item=): the offer row among the listing’s offers', async () => {
    setup('/me/offers?tab=received&item=o2', {
      received: [makeGroup([makeReceivedOffer({ _id: 'o1' }), makeReceivedOffer({ _id: 'o2', offererId: { _id: 'u4', username: 'tactilefan', shippingRegion: null } })])],
    });
    const row = (await screen.findByRole('link', { name: 'tactilefan' })).closest('li')!;
    expect(selectedTab()).toBe('Received');
    expect(row).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('link', { name: 'clackfan' }).closest('li')).not.toHaveAttribute('aria-current');
  });

  it('a declined trade (?tab=trades&item=): the Trades tab, its panel open and marked', async () => {
    setup('/me/offers?tab=trades&item=t2', {
      trades: [makeTrade({ _id: 't1', item: makeTradeItem({ _id: 'i1', name: 'Keycult' }) }), makeTrade({ _id: 't2', status: 'declined', closedReason: 'declined', item: makeTradeItem({ _id: 'i2', name: 'Zoom65' }) })],
    });
    const panel = (await screen.findByText('Zoom65')).closest('details')!;
    expect(selectedTab()).toMatch(/^Trades/);
    expect(panel).toHaveAttribute('open');
    expect(panel).toHaveAttribute('aria-current', 'true');
  });
});
