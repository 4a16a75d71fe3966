import { screen, waitFor, within } from '@testing-library/react';
import { PAYMENT_ERRORS, TRADE_ERRORS, TRADES_PAGE_SIZE, type Trade } from '@keeb/shared';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '../../../lib/browser';
import { sessionKeys } from '../../../lib/session';
import { installFakeApi, type FakeRoute } from '../../../test/fake-api';
import { createTestQueryClient, currentUrl, renderApp, seedCategories, seedSession } from '../../../test/render-app';
import { fromNow, HOUR, makeListing, makeTrade, makeTradeItem, SELLER } from '../testing/fixtures';

/** /me/offers?tab=trades as switchfan (u1): `received` trades are on switchfan's items, `sent` are switchfan's proposals. */
function setup(
  { received = [], sent = [], path = '/me/offers?tab=trades', newTrades = 0 }: { received?: Trade[]; sent?: Trade[]; path?: string; newTrades?: number } = {},
  extra: Record<string, FakeRoute> = {},
) {
  const api = installFakeApi({
    'GET /me/trades': (request) => ({ body: request.params.role === 'sent' ? sent : received }),
    'GET /me/offers/received': { body: [] },
    'GET /me/offers/sent': { body: [] },
    'GET /me/notifications': { body: { numNewOffers: 0, numNewMessages: 0, numNewTrades: 0 } },
    ...extra,
  });
  const queryClient = createTestQueryClient();
  seedSession(queryClient, { username: 'switchfan', counts: { numNewOffers: newTrades, numNewTrades: newTrades } });
  seedCategories(queryClient);
  return { ...renderApp(path, queryClient), api };
}

/** A sent trade: switchfan proposes to keyqueen for her Olivia. */
const sentTrade = (overrides: Partial<Trade> = {}) =>
  makeTrade({
    _id: 's1',
    item: makeTradeItem({ _id: 'i9', name: 'GMK Olivia', price: 150 }),
    offeredItems: [makeTradeItem({ _id: 'k2', name: 'Tofu65 Aluminium' })],
    proposer: SELLER,
    seller: { _id: 'u2', username: 'keyqueen', avatar: null },
    ...overrides,
  });

const panel = (name: string) => (screen.getAllByText(name).find((element) => element.closest('summary'))?.closest('details') as HTMLElement);
const buttonNames = (element: HTMLElement) => within(element).queryAllByRole('button').map((button) => button.textContent);
const received = () => screen.getByRole('list', { name: 'Trades received' });

describe('/me/offers?tab=trades: the lists', () => {
  it('is the third tab, with the new-trades badge, addressable by ?tab=trades', async () => {
    setup({ newTrades: 2 });
    const tab = await screen.findByRole('tab', { name: /Trades/ });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(tab).toHaveTextContent('Trades2');
    expect(within(tab).getByText('(2 new trades)')).toBeInTheDocument();
  });

  it('asks for both lists, says No Trades when empty, and resets the badge once they arrived', async () => {
    const { api, queryClient } = setup({ newTrades: 2 });
    await waitFor(() => expect(screen.getAllByText('No Trades')).toHaveLength(2));
    expect(api.callsTo('GET /me/trades').map((call) => call.params)).toEqual(expect.arrayContaining([{ role: 'received' }, { role: 'sent' }]));
    await waitFor(() => expect(queryClient.getQueryData(sessionKeys.notificationCounts)).toEqual({ numNewOffers: 0, numNewMessages: 0, numNewTrades: 0 }));
    expect(screen.getByRole('tab', { name: /Trades/ })).toHaveTextContent(/^Trades$/);
  });

  it('fetches the lists again when a pushed count says a trade is new', async () => {
    const { api, queryClient } = setup({ received: [makeTrade()] });
    await waitFor(() => panel('Tofu65 Aluminium'));
    await waitFor(() => expect(queryClient.getQueryData(sessionKeys.notificationCounts)).toMatchObject({ numNewTrades: 0 }));
    const before = api.callsTo('GET /me/trades').length;
    queryClient.setQueryData(sessionKeys.notificationCounts, { numNewOffers: 1, numNewMessages: 0, numNewWantMatches: 0, numOrdersToAct: 0, numNewTrades: 1 });
    await waitFor(() => expect(api.callsTo('GET /me/trades').length).toBeGreaterThanOrEqual(before + 2));
  });

  it('switches to Trades from the tab list and puts it in the address', async () => {
    const { user, router } = setup({ path: '/me/offers' });
    await user.click(await screen.findByRole('tab', { name: /Trades/ }));
    await waitFor(() => expect(currentUrl(router)).toBe('/me/offers?tab=trades'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Received' })).toBeInTheDocument();
  });

  it('shows a received trade: the item, what is offered with thumbnails, the cash from the proposer, the message, status and actions', async () => {
    setup({ received: [makeTrade()] });
    const trade = await waitFor(() => panel('Tofu65 Aluminium'));
    expect((trade as HTMLDetailsElement).open).toBe(true);
    const summary = trade.querySelector('summary') as HTMLElement;
    expect(summary).toHaveTextContent('From clackfan · $180');
    expect(summary).toHaveTextContent('Pending');
    const offered = within(trade).getByRole('region', { name: 'clackfan offers' });
    expect(within(offered).getByRole('link', { name: /GMK Olivia/ })).toHaveAttribute('href', '/detail/k1');
    expect(offered.querySelector('img')).toHaveAttribute('src', '/uploads/@2x_olivia.jpg');
    expect(within(trade).getByTestId('trade-cash')).toHaveTextContent('+ $40 from clackfan');
    expect(trade).toHaveTextContent('Olivia plus $40 for the Tofu?');
    expect(within(trade).getByTestId('trade-status')).toHaveTextContent('clackfan proposed this trade: your answer');
    expect(buttonNames(trade)).toEqual(['Accept', 'Counter', 'Decline']);
  });

  it('shows a sent trade from the proposer side: cash to the seller, Cancel while it waits', async () => {
    setup({ sent: [sentTrade()] });
    const trade = await waitFor(() => panel('GMK Olivia'));
    expect(trade.querySelector('summary')).toHaveTextContent('With keyqueen · $150');
    expect(within(trade).getByRole('region', { name: 'You offer' })).toHaveTextContent('Tofu65 Aluminium');
    expect(within(trade).getByTestId('trade-cash')).toHaveTextContent('+ $40 to keyqueen');
    expect(within(trade).getByTestId('trade-status')).toHaveTextContent('Waiting for keyqueen');
    expect(buttonNames(trade)).toEqual(['Cancel']);
  });

  it.each([
    ['received, asking cash', 'received', { cashToSeller: 0, cashToBuyer: 25 }, '+ $25 to clackfan'],
    ['sent, asking cash', 'sent', { cashToSeller: 0, cashToBuyer: 25 }, '+ $25 from keyqueen'],
  ])('words the cash from the viewer side (%s)', async (_, list, cash, text) => {
    setup(list === 'sent' ? { sent: [sentTrade(cash)] } : { received: [makeTrade(cash)] });
    expect(await screen.findByTestId('trade-cash')).toHaveTextContent(text);
  });

  it('shows no cash line for a trade without cash', async () => {
    setup({ received: [makeTrade({ cashToSeller: 0 })] });
    await waitFor(() => panel('Tofu65 Aluminium'));
    expect(screen.queryByTestId('trade-cash')).not.toBeInTheDocument();
  });

  it('closes ended trades, says how they ended, and links a settled trade to its order', async () => {
    setup({
      received: [
        makeTrade({ _id: 't2', status: 'cancelled', closedReason: 'expired', item: makeTradeItem({ name: 'Expired board' }) }),
        makeTrade({ _id: 't3', status: 'declined', closedReason: 'item_sold', item: makeTradeItem({ name: 'Sold board' }) }),
        makeTrade({ _id: 't4', status: 'completed', orders: { toSeller: 'o-in', toProposer: 'o-out' }, item: makeTradeItem({ name: 'Done board' }) }),
      ],
    });
    const expired = await waitFor(() => panel('Expired board'));
    expect((expired as HTMLDetailsElement).open).toBe(false);
    expect(within(expired).getByTestId('trade-status')).toHaveTextContent('Cancelled: the cash was not paid in time');
    expect(within(panel('Sold board')).getByTestId('trade-status')).toHaveTextContent('Closed: an item in it was sold');
    const done = panel('Done board');
    expect(within(done).getByTestId('trade-status')).toHaveTextContent('Completed: both parcels received');
    expect(within(done).getByRole('link', { name: 'View order' })).toHaveAttribute('href', '/me/orders/o-in');
    expect(buttonNames(done)).toEqual([]);
  });

  it('loads the next page by keyset with Load more', async () => {
    const page = Array.from({ length: TRADES_PAGE_SIZE }, (_, i) =>
      makeTrade({ _id: `t${i}`, item: makeTradeItem({ _id: `i${i}`, name: `Board ${i}` }), updatedAt: `2026-11-25T10:${String(i).padStart(2, '0')}:00.000Z` }),
    );
    const { user, api } = setup({}, {
      'GET /me/trades': (request) => ({
        body: request.params.role === 'sent' ? [] : request.params.cursor ? [makeTrade({ _id: 'tx', item: makeTradeItem({ name: 'Board last' }) })] : page,
      }),
    });
    await screen.findByText('Board 0');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Board last')).toBeInTheDocument();
    const last = page[TRADES_PAGE_SIZE - 1]!;
    expect(api.callsTo('GET /me/trades').find((call) => call.params.cursor)?.params).toEqual({ role: 'received', cursor: `${last.updatedAt}_${last._id}` });
  });
});

describe('/me/offers?tab=trades: actions', () => {
  it.each([
    ['Accept', 'accept', 'Accept Trade', 'Accept', 'accepted'],
    ['Decline', 'decline', 'Decline Trade', 'Decline', 'declined'],
  ] as const)('%s asks first, then calls POST /trade/t1/%s and refreshes the list', async (button, path, title, confirm, status) => {
    let done = false;
    const { user, api } = setup({}, {
      'GET /me/trades': (request) => ({ body: request.params.role === 'sent' ? [] : [makeTrade(done ? { status, awaiting: null } : {})] }),
      [`POST /trade/t1/${path}`]: () => {
        done = true;
        return { body: makeTrade({ status }) };
      },
    });
    await user.click(await within(await waitFor(() => panel('Tofu65 Aluminium'))).findByRole('button', { name: button }));
    const dialog = await screen.findByRole('dialog', { name: title });
    expect(dialog).toHaveTextContent('Tofu65 Aluminium for GMK Olivia + $40 from clackfan');
    expect(api.callsTo(`POST /trade/t1/${path}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: confirm }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(`POST /trade/t1/${path}`)).toHaveLength(1);
    await waitFor(() => expect(within(panel('Tofu65 Aluminium')).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument());
  });

  it('Cancel withdraws a sent proposal (POST /trade/s1/cancel); cancelling the dialog calls nothing', async () => {
    const { user, api } = setup({ sent: [sentTrade()] }, { 'POST /trade/s1/cancel': { body: sentTrade({ status: 'cancelled' }) } });
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    let dialog = await screen.findByRole('dialog', { name: 'Cancel Trade' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST /trade/s1/cancel')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    dialog = await screen.findByRole('dialog', { name: 'Cancel Trade' });
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(api.callsTo('POST /trade/s1/cancel')).toHaveLength(1));
  });

  it('a refusal says why in the dialog (no address: with a link to Settings) and refreshes the lists', async () => {
    const { user, api } = setup({ received: [makeTrade()] }, { 'POST /trade/t1/accept': { status: 409, body: { message: TRADE_ERRORS.noAddress } } });
    await user.click(within(await waitFor(() => panel('Tofu65 Aluminium'))).getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept Trade' });
    const before = api.callsTo('GET /me/trades').length;
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await within(dialog).findByText(/Add your mailing address in Settings first/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    await waitFor(() => expect(api.callsTo('GET /me/trades').length).toBeGreaterThan(before));
  });

  it("issue 36: accepting when the other side has no address says it is theirs, not the caller's (no Settings link)", async () => {
    const { user } = setup({ received: [makeTrade()] }, { 'POST /trade/t1/accept': { status: 409, body: { message: TRADE_ERRORS.otherNoAddress } } });
    await user.click(within(await waitFor(() => panel('Tofu65 Aluminium'))).getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept Trade' });
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await within(dialog).findByText(/The other side has no mailing address yet/)).toBeInTheDocument();
    expect(within(dialog).queryByText(/Add your mailing address/)).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
  });

  it('issue 36: Counter without a saved address asks for one first, with a link to Settings, and sends nothing', async () => {
    const { user, api } = setup({ received: [makeTrade()] }, { 'GET /user/clackfan/items/listed': { body: [makeListing(1)] }, 'GET /me/address': { body: null } });
    await user.click(await screen.findByRole('button', { name: 'Counter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Counter Trade' });
    expect(await within(dialog).findByText(/Add your mailing address in Settings first/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(within(dialog).getByRole('button', { name: 'Send counter' })).toBeDisabled();
    expect(api.callsTo('POST /trade/t1/counter')).toHaveLength(0);
  });

  it("Counter: the proposer's listings (current ones picked), the cash as it stands, a message; sends the new terms", async () => {
    const { user, api } = setup({ received: [makeTrade({ offeredItems: [makeTradeItem({ _id: makeListing(1)._id, name: 'Listing 1' })] })] }, {
      'GET /user/clackfan/items/listed': { body: [makeListing(1), makeListing(2), makeListing(3)] },
      'POST /trade/t1/counter': { body: makeTrade({ status: 'countered', awaiting: 'proposer' }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Counter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Counter Trade' });
    expect(within(dialog).getByRole('group', { name: "clackfan's listings you ask for" })).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('checkbox', { name: /Listing 1/ })).toBeChecked());
    // The seller sees the proposer's $40 as cash they ask for.
    expect(within(dialog).getByRole('radio', { name: 'I ask for cash' })).toBeChecked();
    const amount = within(dialog).getByLabelText('Amount (USD)');
    expect(amount).toHaveValue('40');
    await user.click(within(dialog).getByRole('checkbox', { name: /Listing 2/ }));
    await user.clear(amount);
    await user.type(amount, '60');
    await user.type(within(dialog).getByLabelText('Message'), 'Both and $60?');
    await user.click(within(dialog).getByRole('button', { name: 'Send counter' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST /trade/t1/counter')[0]?.body).toEqual({
      offeredItemIds: [makeListing(1)._id, makeListing(2)._id],
      cashToSeller: 60,
      cashToBuyer: 0,
      message: 'Both and $60?',
    });
  });

  it('Counter: the amount is checked before sending, and a refusal shows in the modal', async () => {
    const { user, api } = setup({ received: [makeTrade()] }, {
      'GET /user/clackfan/items/listed': { body: [makeListing(1)] },
      'POST /trade/t1/counter': { status: 409, body: { message: TRADE_ERRORS.itemUnavailable } },
    });
    await user.click(await screen.findByRole('button', { name: 'Counter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Counter Trade' });
    await user.clear(within(dialog).getByLabelText('Amount (USD)'));
    await user.click(within(dialog).getByRole('button', { name: 'Send counter' }));
    expect(within(dialog).getByText('Amount required')).toBeInTheDocument();
    expect(api.callsTo('POST /trade/t1/counter')).toHaveLength(0);
    await user.click(within(dialog).getByRole('radio', { name: 'No cash' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send counter' }));
    expect(await within(dialog).findByText(/An item in this trade is no longer available/)).toBeInTheDocument();
    expect(api.callsTo('POST /trade/t1/counter')[0]?.body).toMatchObject({ cashToSeller: 0, cashToBuyer: 0 });
  });

  it('the seller who countered waits: no buttons', async () => {
    setup({ received: [makeTrade({ status: 'countered', awaiting: 'proposer' })] });
    const trade = await waitFor(() => panel('Tofu65 Aluminium'));
    expect(within(trade).getByTestId('trade-status')).toHaveTextContent('You countered: waiting for clackfan');
    expect(buttonNames(trade)).toEqual([]);
  });

  it('either side calls off an accepted, unpaid trade (POST /trade/t1/cancel)', async () => {
    const accepted = makeTrade({ status: 'accepted', awaiting: null, payer: 'proposer', payBy: fromNow(2 * HOUR) });
    const { user, api } = setup({ received: [accepted] }, { 'POST /trade/t1/cancel': { body: makeTrade({ status: 'cancelled' }) } });
    const trade = await waitFor(() => panel('Tofu65 Aluminium'));
    expect(buttonNames(trade)).toEqual(['Give more time', 'Cancel']);
    await user.click(within(trade).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Trade' });
    expect(dialog).toHaveTextContent('Call off the accepted trade of Tofu65 Aluminium for GMK Olivia + $40 from clackfan?');
    await user.click(within(dialog).getByRole('button', { name: 'Call off' }));
    await waitFor(() => expect(api.callsTo('POST /trade/t1/cancel')).toHaveLength(1));
  });

  it('the proposer answers a counter: Accept, Counter, Decline, and the status says the seller countered', async () => {
    setup({ sent: [sentTrade({ status: 'countered', awaiting: 'proposer' })] });
    const trade = await waitFor(() => panel('GMK Olivia'));
    expect(within(trade).getByTestId('trade-status')).toHaveTextContent('keyqueen countered: your answer');
    expect(buttonNames(trade)).toEqual(['Accept', 'Counter', 'Decline']);
  });

  it('the payer sees Pay with the countdown; Pay confirms, calls POST /trade/s1/pay and goes to the provider', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const accepted = sentTrade({ status: 'accepted', awaiting: null, payer: 'proposer', acceptedAt: fromNow(-HOUR), payBy: fromNow(23 * HOUR) });
    const { user, api } = setup({ sent: [accepted] }, { 'POST /trade/s1/pay': { body: { redirectUrl: 'https://paypal.test/approve?token=PP1' } } });
    const trade = await waitFor(() => panel('GMK Olivia'));
    expect(within(trade).getByTestId('trade-status')).toHaveTextContent(/Accepted: pay the cash to settle it \[2[23]h \d+m \d+s left to pay\]/);
    expect(buttonNames(trade)).toEqual(['Pay', 'Cancel']);
    await user.click(within(trade).getByRole('button', { name: 'Pay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay' });
    expect(dialog).toHaveTextContent('Pay $40 to keyqueen through PayPal');
    await user.click(within(dialog).getByRole('button', { name: 'Continue to PayPal' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://paypal.test/approve?token=PP1'));
    expect(api.callsTo('POST /trade/s1/pay')).toHaveLength(1);
    assign.mockRestore();
  });

  it('a refused Pay says why (payment_pending) and stays on the page', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const accepted = sentTrade({ status: 'accepted', awaiting: null, payer: 'proposer', payBy: fromNow(HOUR) });
    const { user } = setup({ sent: [accepted] }, { 'POST /trade/s1/pay': { status: 409, body: { message: TRADE_ERRORS.paymentPending } } });
    await user.click(await screen.findByRole('button', { name: 'Pay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay' });
    await user.click(within(dialog).getByRole('button', { name: 'Continue to PayPal' }));
    expect(await within(dialog).findByText('A payment for this trade is already in progress or done.')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    assign.mockRestore();
  });

  it("the payee waits and may 'Give more time' (POST /trade/t1/extend)", async () => {
    const accepted = makeTrade({ status: 'accepted', awaiting: null, payer: 'proposer', payBy: fromNow(2 * HOUR) });
    const { user, api } = setup({ received: [accepted] }, { 'POST /trade/t1/extend': { body: accepted } });
    const trade = await waitFor(() => panel('Tofu65 Aluminium'));
    expect(within(trade).getByTestId('trade-status')).toHaveTextContent('Accepted: waiting for clackfan to pay');
    await user.click(within(trade).getByRole('button', { name: 'Give more time' }));
    const dialog = await screen.findByRole('dialog', { name: 'Give More Time' });
    expect(dialog).toHaveTextContent('Give clackfan 24 more hours to pay $40?');
    await user.click(within(dialog).getByRole('button', { name: 'Give more time' }));
    await waitFor(() => expect(api.callsTo('POST /trade/t1/extend')).toHaveLength(1));
  });

  it('an accepted trade with no cash needs no payment: no Pay, a link to the order', async () => {
    setup({ received: [makeTrade({ status: 'accepted', awaiting: null, cashToSeller: 0, orders: { toSeller: 'o-in', toProposer: 'o-out' } })] });
    const trade = await waitFor(() => panel('Tofu65 Aluminium'));
    expect(within(trade).getByTestId('trade-status')).toHaveTextContent('Accepted: each of you ships what you gave');
    expect(buttonNames(trade)).toEqual([]);
    expect(within(trade).getByRole('link', { name: 'View order' })).toHaveAttribute('href', '/me/orders/o-in');
  });

  it('the proposer’s View order is the order they receive', async () => {
    setup({ sent: [sentTrade({ status: 'completed', orders: { toSeller: 'o-seller', toProposer: 'o-proposer' } })] });
    const trade = await waitFor(() => panel('GMK Olivia'));
    expect(within(trade).getByRole('link', { name: 'View order' })).toHaveAttribute('href', '/me/orders/o-proposer');
  });
});

describe('/me/offers?tab=trades: the payment return', () => {
  const returnPath = '/me/offers?tab=trades&trade=s1&token=PP1&PayerID=PAYER';

  it('captures with POST /payment/item/process {orderId: token}, says so, refetches the trades and drops the parameters', async () => {
    const { api, router } = setup({ path: returnPath }, { 'POST /payment/item/process': { body: { priceSold: 40 } } });
    expect(await screen.findByText(/Payment complete\./)).toBeInTheDocument();
    expect(api.callsTo('POST /payment/item/process').map((call) => call.body)).toEqual([{ orderId: 'PP1' }]);
    await waitFor(() => expect(currentUrl(router)).toBe('/me/offers?tab=trades'));
    // The lists are read once the capture settled, so they show the trade as paid.
    const process = api.calls.findIndex((call) => call.url === '/payment/item/process');
    await waitFor(() => expect(api.calls.findIndex((call) => call.url === '/me/trades')).toBeGreaterThan(process));
  });

  it('shows the processing state while the capture runs', async () => {
    let release: (() => void) | undefined;
    const { api } = setup({ path: returnPath }, {
      'POST /payment/item/process': () =>
        new Promise((resolve) => {
          release = () => resolve({ body: { priceSold: 40 } });
        }),
    });
    expect(await screen.findByText(/Processing payment\. Please do not refresh or leave this page\./)).toBeInTheDocument();
    await waitFor(() => expect(release).toBeDefined());
    expect(screen.queryByRole('heading', { name: 'Received' })).not.toBeInTheDocument();
    expect(api.callsTo('GET /me/trades')).toHaveLength(0);
    release?.();
    expect(await screen.findByText(/Payment complete\./)).toBeInTheDocument();
  });

  it('says why a capture failed', async () => {
    setup({ path: returnPath }, { 'POST /payment/item/process': { status: 422, body: { message: PAYMENT_ERRORS.notApproved } } });
    expect(await screen.findByText('The payment was not approved on PayPal, so nothing was charged.')).toBeInTheDocument();
  });

  it('goes back to the provider when it asks for another way to pay', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    setup({ path: returnPath }, {
      'POST /payment/item/process': { status: 422, body: { message: PAYMENT_ERRORS.paymentRetry, redirectUrl: 'https://paypal.test/retry' } },
    });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://paypal.test/retry'));
    assign.mockRestore();
  });

  it('a cancelled payment says nothing was charged and captures nothing', async () => {
    const { api, router } = setup({ path: '/me/offers?tab=trades&trade=s1&payment=cancelled' });
    expect(await screen.findByText(/Payment cancelled: nothing was charged\./)).toBeInTheDocument();
    expect(api.callsTo('POST /payment/item/process')).toHaveLength(0);
    await waitFor(() => expect(currentUrl(router)).toBe('/me/offers?tab=trades'));
  });
});

