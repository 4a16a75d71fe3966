import { screen, waitFor, within } from '@testing-library/react';
import { RECEIVED_PAGE_SIZE, type ReceivedItemGroup, type SentOffer } from '@keeb/shared';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '../../../lib/browser';
import { sessionKeys } from '../../../lib/session';
import { installFakeApi, type FakeRoute } from '../../../test/fake-api';
import { createTestQueryClient, currentUrl, renderApp, seedCategories, seedSession } from '../../../test/render-app';
import { ago, HOUR, makeGroup, makeReceivedOffer, makeSentOffer } from '../testing/fixtures';

function setup(
  { received = [], sent = [], path = '/me/offers', newOffers = 0 }: { received?: ReceivedItemGroup[]; sent?: SentOffer[]; path?: string; newOffers?: number } = {},
  extra: Record<string, FakeRoute> = {},
) {
  const api = installFakeApi({
    'GET /me/offers/received': { body: received },
    'GET /me/offers/sent': { body: sent },
    'GET /me/notifications': { body: { numNewOffers: 0, numNewMessages: 0 } },
    ...extra,
  });
  const queryClient = createTestQueryClient();
  seedSession(queryClient, { username: 'switchfan', counts: { numNewOffers: newOffers, numNewMessages: 0 } });
  seedCategories(queryClient);
  return { ...renderApp(path, queryClient), api };
}

const offerRow = (buyer: string) => screen.getByRole('link', { name: buyer }).closest('li') as HTMLElement;
const buttonNames = (element: HTMLElement) => within(element).queryAllByRole('button').map((button) => button.textContent);

describe('/me/offers: the page', () => {
  it('has the title Offers, a vault button and the Received, Sent and Trades tabs', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Offers' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Vault' }).map((link) => link.getAttribute('href'))).toContain('/me/vault');
    const tabs = within(screen.getByRole('tablist', { name: 'Offers' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Received', 'Sent', 'Trades']);
  });

  it.each(['/me/offers', '/me/offers?tab=sent'])("says 'No Offers' when %s has none", async (path) => {
    setup({ path });
    expect(await screen.findByText('No Offers')).toBeInTheDocument();
  });

  it('resets the new-offers badge: the counts are asked for again once the list has arrived', async () => {
    const { api, queryClient } = setup({ newOffers: 3, received: [makeGroup()] });
    expect((await screen.findAllByText(/3 new offers/)).length).toBeGreaterThan(0);
    await screen.findByRole('link', { name: 'clackfan' });
    await waitFor(() => expect(api.callsTo('GET /me/notifications').length).toBeGreaterThan(0));
    await waitFor(() => expect(queryClient.getQueryData(sessionKeys.notificationCounts)).toEqual({ numNewOffers: 0, numNewMessages: 0 }));
    expect(screen.queryByText(/3 new offers/)).not.toBeInTheDocument();
  });
});

describe('/me/offers: Received', () => {
  it('shows a page of items and loads the next by keyset with Load more', async () => {
    const group = (i: number) =>
      makeGroup([makeReceivedOffer({ _id: `o${i}`, offererId: { _id: `u${i}`, username: `buyer${i}`, shippingRegion: null } })], { _id: `i${i}`, name: `Board ${i}` });
    const first = Array.from({ length: RECEIVED_PAGE_SIZE }, (_, i) => group(i));
    const { user, api } = setup({}, { 'GET /me/offers/received': (request) => ({ body: request.params.ts ? [group(100)] : first }) });
    expect(await screen.findByText('Board 0')).toBeInTheDocument();
    expect(screen.getAllByText(/^Board /)).toHaveLength(RECEIVED_PAGE_SIZE);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Board 100')).toBeInTheDocument();
    const last = first[RECEIVED_PAGE_SIZE - 1]!;
    expect(api.callsTo('GET /me/offers/received')[1]?.params).toEqual({ ts: last.lastActivityAt, cursorId: last._id });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('groups offers per item with thumbnail, name, listing price and count; each offer with buyer, price, region and shipping', async () => {
    const group = makeGroup([
      makeReceivedOffer(),
      makeReceivedOffer({ _id: 'o2', price: 99.5, shippingPrice: 25, offererId: { _id: 'u4', username: 'thockboi', shippingRegion: { code: 'CA', name: 'Canada' } } }),
    ]);
    setup({ received: [group] });
    const summary = (await screen.findByText('Tofu65 Aluminium')).closest('summary') as HTMLElement;
    expect(summary.querySelector('img')).toHaveAttribute('src', '/uploads/items/u2/@2x_a.jpg');
    expect(within(summary).getByText('$180')).toBeInTheDocument();
    expect(within(summary).getByText('2 offers')).toBeInTheDocument();

    const first = offerRow('clackfan');
    expect(within(first).getByRole('link', { name: 'clackfan' })).toHaveAttribute('href', '/u/clackfan');
    expect(within(first).getByText('$150')).toBeInTheDocument();
    expect(within(first).getByText(/Ships to United States · \$15 shipping/)).toBeInTheDocument();
    expect(buttonNames(first)).toEqual(['Accept', 'Counter', 'Decline']);
    expect(within(offerRow('thockboi')).getByText('$99.50')).toBeInTheDocument();
    expect(within(offerRow('thockboi')).getByText(/Ships to Canada · \$25 shipping/)).toBeInTheDocument();
  });

  it("says 'free shipping' for an offer shipped free, never '$0'", async () => {
    setup({ received: [makeGroup([makeReceivedOffer({ shippingPrice: 0 })])] });
    await screen.findByText('Tofu65 Aluminium');
    const row = offerRow('clackfan');
    expect(within(row).getByText(/Ships to United States · Free shipping/)).toBeInTheDocument();
    expect(row).not.toHaveTextContent('$0');
  });

  it('collapses and opens an item panel', async () => {
    const { user } = setup({ received: [makeGroup()] });
    const details = (await screen.findByText('Tofu65 Aluminium')).closest('details') as HTMLDetailsElement;
    expect(details.open).toBe(true);
    await user.click(within(details).getByText('Tofu65 Aluminium'));
    expect(details.open).toBe(false);
  });

  it('accepts after a confirmation, then refreshes the list', async () => {
    let accepted = false;
    const { user, api } = setup(
      {},
      {
        'GET /me/offers/received': () => ({
          body: [makeGroup([makeReceivedOffer(accepted ? { status: 'accepted', timeAccepted: ago(HOUR) } : {})])],
        }),
        'POST /offer/o1/accept': () => {
          accepted = true;
          return { body: { offerId: 'o1', status: 'accepted' } };
        },
      },
    );
    await screen.findByRole('link', { name: 'clackfan' });
    await user.click(within(offerRow('clackfan')).getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept Offer' });
    expect(dialog).toHaveTextContent("Accept clackfan's offer of $150 (+ $15 shipping)? They will have 24 hours to pay.");
    expect(api.callsTo('POST /offer/o1/accept')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST /offer/o1/accept')[0]?.body).toEqual({ itemId: 'i1' });
    expect(await screen.findByText('Awaiting Payment')).toBeInTheDocument();
    expect(screen.getByText(/^\[2[23]h \d+m \d+s left to pay\]$/)).toBeInTheDocument();
    expect(buttonNames(offerRow('clackfan'))).toEqual([]);
  });

  it('cancelling a confirmation calls nothing', async () => {
    const { user, api } = setup({ received: [makeGroup()] });
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline Offer' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST /offer/o1/decline')).toHaveLength(0);
  });

  it('declines; the item group disappears when no offers remain', async () => {
    let declined = false;
    const { user, api } = setup(
      {},
      {
        'GET /me/offers/received': () => ({ body: declined ? [] : [makeGroup()] }),
        'POST /offer/o1/decline': () => {
          declined = true;
          return { body: { _id: 'o1' } };
        },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Decline Offer' })).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('No Offers')).toBeInTheDocument();
    expect(api.callsTo('POST /offer/o1/decline')).toHaveLength(1);
  });

  it("checks the counter price ('Counter price required', 'Counter price must be a number', 8 characters) before sending it", async () => {
    const { user, api } = setup({ received: [makeGroup()] }, { 'POST /offer/o1/counter-seller': { body: { offerId: 'o1', status: 'countered' } } });
    await user.click(await screen.findByRole('button', { name: 'Counter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Counter Offer' });
    expect(dialog).toHaveTextContent('clackfan offered $150.');
    const field = within(dialog).getByLabelText('Counter price (USD)');
    expect(field).toHaveAttribute('maxLength', '8');
    const send = within(dialog).getByRole('button', { name: 'Send Counter' });

    await user.click(send);
    expect(within(dialog).getByText('Counter price required')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.type(field, '12a');
    await user.click(send);
    expect(within(dialog).getByText('Counter price must be a number')).toBeInTheDocument();
    expect(api.callsTo('POST /offer/o1/counter-seller')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '165');
    await user.click(send);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST /offer/o1/counter-seller')[0]?.body).toEqual({ counterPrice: '165' });
  });

  it('shows a countered offer with the counter and Decline only', async () => {
    setup({ received: [makeGroup([makeReceivedOffer({ status: 'countered', counterPrice: 170 })])] });
    await screen.findByRole('link', { name: 'clackfan' });
    expect(within(offerRow('clackfan')).getByText('You countered $170')).toBeInTheDocument();
    expect(buttonNames(offerRow('clackfan'))).toEqual(['Decline']);
  });

  it("counts the payment window down live, then reads '[expired]'", async () => {
    setup({ received: [makeGroup([makeReceivedOffer({ status: 'accepted', timeAccepted: ago(24 * HOUR - 1500) })])] });
    expect(await screen.findByText(/^\[0h 0m [12]s left to pay\]$/)).toBeInTheDocument();
    expect(await screen.findByText('[expired]', {}, { timeout: 3000 })).toBeInTheDocument();
  });

  it("offers Give More Time and Decline once the buyer did not pay, and says when another offer was accepted", async () => {
    const { user, api } = setup(
      { received: [makeGroup([makeReceivedOffer({ status: 'expired', timeAccepted: ago(25 * HOUR) })])] },
      { 'POST /offer/o1/extend': { status: 409, body: { message: 'offer_accepted' } } },
    );
    expect(await screen.findByText('The buyer did not pay within 24 hours')).toBeInTheDocument();
    expect(buttonNames(offerRow('clackfan'))).toEqual(['Give More Time', 'Decline']);
    await user.click(screen.getByRole('button', { name: 'Give More Time' }));
    const confirm = await screen.findByRole('dialog', { name: 'Give More Time' });
    await user.click(within(confirm).getByRole('button', { name: 'Give More Time' }));
    const modal = await screen.findByRole('dialog', { name: 'Cannot Give More Time' });
    expect(modal).toHaveTextContent("You've already accepted an offer for this item.");
    expect(api.callsTo('POST /offer/o1/extend')).toHaveLength(1);
  });

  it.each([
    [{ message: 'payment_pending', status: 'expired' }, 'The buyer is already paying for this item, so its time cannot be changed now.'],
    [{ message: 'invalid_state', status: 'accepted' }, 'This offer has changed meanwhile: it is now accepted. The list has been refreshed.'],
  ])('says why Give More Time was refused (%o)', async (body, text) => {
    const { user } = setup({ received: [makeGroup([makeReceivedOffer({ status: 'expired', timeAccepted: ago(25 * HOUR) })])] }, { 'POST /offer/o1/extend': { status: 409, body } });
    await user.click(await screen.findByRole('button', { name: 'Give More Time' }));
    const dialog = await screen.findByRole('dialog', { name: 'Give More Time' });
    await user.click(within(dialog).getByRole('button', { name: 'Give More Time' }));
    expect(await within(dialog).findByText(text)).toBeInTheDocument();
  });

  it('gives more time: the offer waits for payment again', async () => {
    let extended = false;
    const { user } = setup(
      {},
      {
        'GET /me/offers/received': () => ({
          body: [makeGroup([makeReceivedOffer(extended ? { status: 'accepted', timeAccepted: ago(0) } : { status: 'expired', timeAccepted: ago(25 * HOUR) })])],
        }),
        'POST /offer/o1/extend': () => {
          extended = true;
          return { body: { _id: 'o1', status: 'accepted', timeAccepted: ago(0) } };
        },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Give More Time' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Give More Time' })).getByRole('button', { name: 'Give More Time' }));
    expect(await screen.findByText(/^\[2[34]h \d+m \d+s left to pay\]$/)).toBeInTheDocument();
  });

  it("shows a failed action's error in its dialog", async () => {
    const { user } = setup({ received: [makeGroup()] }, { 'POST /offer/o1/accept': { status: 409, body: { message: 'invalid_state' } } });
    await screen.findByRole('link', { name: 'clackfan' });
    await user.click(within(offerRow('clackfan')).getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept Offer' });
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await within(dialog).findByText('Something went wrong. Please try again.')).toBeInTheDocument();
  });

  it('shows the amount actually paid on an offer sold at the seller\'s counter (issue 25)', async () => {
    setup({ received: [makeGroup([makeReceivedOffer({ status: 'paid', price: 150, counterPrice: 165 })], { purchaserId: 'u3', priceSold: 165 })] });
    await screen.findByText('Sold for $165');
    const row = offerRow('clackfan');
    expect(within(row).queryByText('$150')).not.toBeInTheDocument();
    expect(row).toHaveTextContent('$165');
    expect(row).toHaveTextContent('Paid $165 (your counter to their $150 offer)');
  });

  it("shows 'Sold for' on a sold item, with no actions", async () => {
    setup({ received: [makeGroup([makeReceivedOffer({ status: 'paid' })], { purchaserId: 'u3', priceSold: 165 })] });
    expect(await screen.findByText('Sold for $165')).toBeInTheDocument();
    expect(buttonNames(offerRow('clackfan'))).toEqual([]);
  });
});

describe('/me/offers: Sent', () => {
  const path = '/me/offers?tab=sent';

  it("says 'Free' for free shipping, in the row and in Pay Now's confirmation", async () => {
    const { user } = setup({ path, sent: [makeSentOffer({ status: 'countered', counterPrice: 140, shippingPrice: 0 })] });
    const row = (await screen.findByRole('link', { name: 'Keycap Set GMK Olivia' })).closest('li') as HTMLElement;
    expect(within(row).getByText('Shipping').nextElementSibling).toHaveTextContent(/^Free$/);
    await user.click(within(row).getByRole('button', { name: 'Pay Now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay Now' });
    expect(dialog).toHaveTextContent('Pay $140 with free shipping for Keycap Set GMK Olivia through PayPal?');
    expect(dialog).not.toHaveTextContent('$0');
  });

  it("shows the item's image, name and price, 'You Offered' and shipping, and Delete on a pending offer", async () => {
    setup({ path, sent: [makeSentOffer()] });
    const name = await screen.findByRole('link', { name: 'Keycap Set GMK Olivia' });
    expect(name).toHaveAttribute('href', '/detail/i9');
    const row = name.closest('li') as HTMLElement;
    expect(row.querySelector('img')).toHaveAttribute('src', '/uploads/items/u2/@2x_a.jpg');
    expect(within(row).getByText('$120')).toBeInTheDocument();
    expect(within(row).getByText('You Offered').nextElementSibling).toHaveTextContent('$150');
    expect(within(row).getByText('Shipping').nextElementSibling).toHaveTextContent('$15');
    expect(buttonNames(row)).toEqual(['Delete']);
  });

  it.each<[string, Partial<SentOffer>, object, string[]]>([
    ['countered', { status: 'countered', counterPrice: 140 }, {}, ['Pay Now', 'Counter']],
    ['accepted', { status: 'accepted', timeAccepted: ago(HOUR) }, {}, ['Pay Now']],
    ['expired', { status: 'expired', timeAccepted: ago(25 * HOUR) }, {}, ['Delete']],
    ['declined', { status: 'declined' }, {}, ['Delete']],
    ['accepted, but the item was bought', { status: 'accepted', timeAccepted: ago(HOUR) }, { purchaserId: 'u7', priceSold: 160 }, ['Delete']],
  ])('%s: the buttons actionsFor gives', async (_case, overrides, item, expected) => {
    setup({ path, sent: [makeSentOffer(overrides, item)] });
    const row = (await screen.findByRole('link', { name: 'Keycap Set GMK Olivia' })).closest('li') as HTMLElement;
    expect(buttonNames(row)).toEqual(expected);
  });

  it("shows 'Sold for' once the item is bought", async () => {
    setup({ path, sent: [makeSentOffer({ status: 'closed' }, { purchaserId: 'u7', priceSold: 160 })] });
    expect(await screen.findByText('Sold for $160')).toBeInTheDocument();
  });

  it('deletes after a confirmation', async () => {
    let deleted = false;
    const { user, api } = setup(
      { path },
      {
        'GET /me/offers/sent': () => ({ body: deleted ? [] : [makeSentOffer()] }),
        'DELETE /offer/s1/remove': () => {
          deleted = true;
          return { body: { _id: 's1' } };
        },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Offer' });
    expect(dialog).toHaveTextContent('Delete your offer of $150 on Keycap Set GMK Olivia?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No Offers')).toBeInTheDocument();
    expect(api.callsTo('DELETE /offer/s1/remove')).toHaveLength(1);
  });

  it("counters the seller's counter, with the same rules", async () => {
    const { user, api } = setup(
      { path, sent: [makeSentOffer({ status: 'countered', counterPrice: 140 })] },
      { 'POST /offer/s1/counter-buyer': { body: { offerId: 's1', status: 'pending' } } },
    );
    await user.click(await screen.findByRole('button', { name: 'Counter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Counter Offer' });
    expect(dialog).toHaveTextContent('The seller countered at $140.');
    await user.click(within(dialog).getByRole('button', { name: 'Send Counter' }));
    expect(within(dialog).getByText('Counter price required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Counter price (USD)'), '130.50');
    await user.click(within(dialog).getByRole('button', { name: 'Send Counter' }));
    await waitFor(() => expect(api.callsTo('POST /offer/s1/counter-buyer')[0]?.body).toEqual({ counterPrice: '130.50' }));
  });

  it('Pay Now pays the counter price: confirmed, then the browser goes to the provider', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const { user, api } = setup(
      { path, sent: [makeSentOffer({ status: 'countered', counterPrice: 140 })] },
      { 'POST /payment/item/create': { body: { redirectUrl: 'https://pay.example/approve/ORDER1' } } },
    );
    await user.click(await screen.findByRole('button', { name: 'Pay Now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay Now' });
    expect(dialog).toHaveTextContent('Pay $140 plus $15 shipping ($155 in total) for Keycap Set GMK Olivia through PayPal?');
    await user.click(within(dialog).getByRole('button', { name: 'Continue to PayPal' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/approve/ORDER1'));
    expect(api.callsTo('POST /payment/item/create')[0]?.body).toEqual({
      _id: 'i9',
      name: 'Keycap Set GMK Olivia',
      description: 'Lubed switches.',
      price: 140,
      shippingPrice: 15,
    });
  });

  it.each([
    ['payment_pending', 'Currently Unavailable'],
    ['payment_error', 'Problem With Payment'],
    ['not_found', 'Item Not Available'],
    ['payment_failed', 'Something Went Wrong'],
  ])('a refused payment (%s) shows %j and Pay Now can be pressed again', async (code, title) => {
    const { user } = setup(
      { path, sent: [makeSentOffer({ status: 'accepted', timeAccepted: ago(HOUR) })] },
      { 'POST /payment/item/create': { status: 409, body: { message: code } } },
    );
    await user.click(await screen.findByRole('button', { name: 'Pay Now' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Pay Now' })).getByRole('button', { name: 'Continue to PayPal' }));
    const alert = await screen.findByRole('dialog', { name: title });
    if (code === 'payment_failed') expect(alert).toHaveTextContent('We are looking into this problem. Thank you for your patience.');
    await user.click(within(alert).getByRole('button', { name: 'OK' }));
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
  });

  it('Pay Now with an unconfirmed email opens Confirm Your Email', async () => {
    const { user } = setup(
      { path, sent: [makeSentOffer({ status: 'accepted', timeAccepted: ago(HOUR) })] },
      { 'POST /payment/item/create': { status: 403, body: { message: 'confirm_email' } } },
    );
    await user.click(await screen.findByRole('button', { name: 'Pay Now' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Pay Now' })).getByRole('button', { name: 'Continue to PayPal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Your Email' });
    expect(within(dialog).getByRole('link', { name: 'Go to Settings' })).toHaveAttribute('href', '/settings');
  });

  it('switching tabs keeps the tab in the URL', async () => {
    const { user, router } = setup();
    await user.click(await screen.findByRole('tab', { name: 'Sent' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/me/offers?tab=sent'));
  });
});
