import { screen, waitFor, within } from '@testing-library/react';
import { REGIONS, type ItemDetail } from '@keeb/shared';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '../../../lib/browser';
import { deferredReply } from '../../../test/deferred';
import { installFakeApi, type FakeRoute } from '../../../test/fake-api';
import { createTestQueryClient, currentUrl, renderApp, seedCategories, seedSession } from '../../../test/render-app';
import { detailResponse, makeItem } from '../testing/fixtures';

/** The item page's trade flows (issue 13): Send Offer, Purchase and the return from the payment provider. */
async function renderDetail(
  { item = makeItem(), signedIn = true, region = 'US', search = '' }: { item?: ItemDetail; signedIn?: boolean; region?: string | null; search?: string } = {},
  extra: Record<string, FakeRoute> = {},
) {
  const api = installFakeApi({
    [`GET /item/${item._id}`]: { body: detailResponse(item, { isLoggedIn: signedIn }) },
    'GET /me/region': { body: REGIONS.find((candidate) => candidate.code === region) ?? null },
    'GET /me/verified': { body: { didConfirmEmail: true } },
    'GET /items': { body: [] },
    ...extra,
  });
  const queryClient = createTestQueryClient();
  seedSession(queryClient, signedIn ? { username: 'switchfan' } : undefined);
  seedCategories(queryClient);
  const view = renderApp(`/detail/${item._id}${search}`, queryClient);
  await screen.findByRole('heading', { level: 1, name: item.name });
  return { ...view, api };
}

async function openSendOffer(user: Awaited<ReturnType<typeof renderDetail>>['user']) {
  await waitFor(() => expect(screen.getByRole('button', { name: 'Make An Offer' })).toBeInTheDocument());
  await user.click(screen.getByRole('button', { name: 'Make An Offer' }));
  return screen.findByRole('dialog', { name: 'Send Offer' });
}

describe('item page: Send Offer', () => {
  it("checks the price ('Offer price required', 'Offer price must be a number', 8 characters), shows the viewer's shipping, then 'Offer Sent'", async () => {
    const { user, api } = await renderDetail({}, { 'POST /offer': { body: { _id: 'o1' } } });
    const dialog = await openSendOffer(user);
    expect(within(dialog).getByText('Shipping to United States').nextElementSibling).toHaveTextContent('$15');
    const field = within(dialog).getByLabelText('Your offer (USD)');
    expect(field).toHaveAttribute('maxLength', '8');
    const send = within(dialog).getByRole('button', { name: 'Send Offer' });

    await user.click(send);
    expect(within(dialog).getByText('Offer price required')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.type(field, 'ten');
    await user.click(send);
    expect(within(dialog).getByText('Offer price must be a number')).toBeInTheDocument();
    expect(api.callsTo('POST /offer')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '150');
    await user.click(send);
    expect(await screen.findByText(/Offer Sent/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST /offer')[0]?.body).toEqual({ itemId: 'i1', offerPrice: '150', offerShippingPrice: 15 });
    expect(screen.getByRole('link', { name: 'See your offers' })).toHaveAttribute('href', '/me/offers?tab=sent');
  });

  it('shows the shipping to a Canadian viewer', async () => {
    const { user } = await renderDetail({ region: 'CA' });
    const dialog = await openSendOffer(user);
    expect(within(dialog).getByText('Shipping to Canada').nextElementSibling).toHaveTextContent('$25');
  });

  it("says 'Free' for free shipping to the viewer's region", async () => {
    const { user } = await renderDetail({ item: makeItem({ shippingPrices: [{ code: 'US', name: 'United States', price: 0 }] }) });
    const dialog = await openSendOffer(user);
    expect(within(dialog).getByText('Shipping to United States').nextElementSibling).toHaveTextContent(/^Free$/);
  });

  it('asks a viewer without a shipping region to choose one first', async () => {
    const { user } = await renderDetail({ region: null });
    const dialog = await openSendOffer(user);
    expect(within(dialog).getByText(/Choose your shipping region/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send Offer' })).toBeDisabled();
  });

  it.each([
    ['offer_exists', 'You already have a pending offer on this item.'],
    ['not_accepting_offers', 'This item is no longer taking offers.'],
    ['no_shipping', 'Seller does not ship to your region'],
  ])('%s keeps the modal open with its text', async (code, text) => {
    const { user } = await renderDetail({}, { 'POST /offer': { status: 409, body: { message: code } } });
    const dialog = await openSendOffer(user);
    await user.type(within(dialog).getByLabelText('Your offer (USD)'), '150');
    await user.click(within(dialog).getByRole('button', { name: 'Send Offer' }));
    expect(await within(dialog).findByText(new RegExp(text))).toBeInTheDocument();
  });

  it('confirm_email from the server opens Confirm Your Email', async () => {
    const { user } = await renderDetail({}, { 'POST /offer': { status: 403, body: { message: 'confirm_email' } } });
    const dialog = await openSendOffer(user);
    await user.type(within(dialog).getByLabelText('Your offer (USD)'), '150');
    await user.click(within(dialog).getByRole('button', { name: 'Send Offer' }));
    expect(await screen.findByRole('dialog', { name: 'Confirm Your Email' })).toBeInTheDocument();
  });
});

describe("item page: Send Offer answered by the seller's guardrails", () => {
  it('an offer below the floor is declined at once: the modal says so, never the floor, and takes another offer', async () => {
    let offers = 0;
    const { user, api } = await renderDetail({}, {
      'POST /offer': () => {
        offers += 1;
        return offers === 1
          ? { body: { _id: 'o1', status: 'declined', price: 60, shippingPrice: 15, autoDeclined: true } }
          : { body: { _id: 'o2', status: 'pending', price: 150, shippingPrice: 15 } };
      },
    });
    const dialog = await openSendOffer(user);
    const field = within(dialog).getByLabelText('Your offer (USD)');
    await user.type(field, '60');
    await user.click(within(dialog).getByRole('button', { name: 'Send Offer' }));

    const notice = await within(dialog).findByText('The seller declined this offer automatically. You can offer again.');
    expect(notice.closest('[role="status"]')).not.toBeNull();
    // Only the listing's price and the shipping: no floor, no amount the buyer did not type.
    expect(dialog.textContent?.match(/\$[\d.,]+/g)).toEqual(['$180', '$15']);
    expect(field).toHaveValue('');
    expect(field).toHaveFocus();
    expect(screen.queryByText(/Offer Sent/)).not.toBeInTheDocument();

    await user.type(field, '150');
    await user.click(within(dialog).getByRole('button', { name: 'Send Offer' }));
    expect(await screen.findByText(/Offer Sent/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST /offer').map((call) => (call.body as { offerPrice: string }).offerPrice)).toEqual(['60', '150']);
  });

  const accepted = { _id: 'o1', status: 'accepted', price: 170, shippingPrice: 15, autoAccepted: true, timeAccepted: new Date().toISOString() };

  it('an offer at the auto-accept price is accepted at once: the modal offers to pay now', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const { user, api } = await renderDetail({}, {
      'POST /offer': { body: accepted },
      'POST /payment/item/create': { body: { redirectUrl: 'https://pay.example/approve/ORDER2' } },
    });
    const dialog = await openSendOffer(user);
    await user.type(within(dialog).getByLabelText('Your offer (USD)'), '170');
    await user.click(within(dialog).getByRole('button', { name: 'Send Offer' }));

    const done = await screen.findByRole('dialog', { name: 'Offer Accepted' });
    expect(done).toHaveTextContent('Your offer was accepted.');
    expect(done).toHaveTextContent('Pay within 24 hours: $170 plus $15 shipping ($185 in total) for Tofu65 Aluminium.');
    expect(within(done).getByRole('link', { name: 'your sent offers' })).toHaveAttribute('href', '/me/offers?tab=sent');

    await user.click(within(done).getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/approve/ORDER2'));
    expect(api.callsTo('POST /payment/item/create')[0]?.body).toMatchObject({ _id: 'i1', price: 170, shippingPrice: 15 });
  });

  it('Later closes it and leaves the way to pay on the page', async () => {
    const { user, api } = await renderDetail({}, { 'POST /offer': { body: accepted } });
    const dialog = await openSendOffer(user);
    await user.type(within(dialog).getByLabelText('Your offer (USD)'), '170');
    await user.click(within(dialog).getByRole('button', { name: 'Send Offer' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Offer Accepted' })).getByRole('button', { name: 'Later' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const banner = screen.getByText(/Your offer was accepted\. Pay within 24 hours from/);
    expect(within(banner).getByRole('link', { name: 'your sent offers' })).toHaveAttribute('href', '/me/offers?tab=sent');
    expect(api.callsTo('POST /payment/item/create')).toHaveLength(0);
  });

  it('a failed payment says why in the modal', async () => {
    const { user } = await renderDetail({}, {
      'POST /offer': { body: accepted },
      'POST /payment/item/create': { status: 409, body: { message: 'payment_error' } },
    });
    const dialog = await openSendOffer(user);
    await user.type(within(dialog).getByLabelText('Your offer (USD)'), '170');
    await user.click(within(dialog).getByRole('button', { name: 'Send Offer' }));
    const done = await screen.findByRole('dialog', { name: 'Offer Accepted' });
    await user.click(within(done).getByRole('button', { name: 'Pay Now' }));
    expect(await within(done).findByRole('alert')).toHaveTextContent('The seller may not have verified their payment account yet.');
    expect(within(done).getByRole('button', { name: 'Pay Now' })).toBeEnabled();
  });
});

/** Purchase, then 'Continue to PayPal' in its confirmation (issue 25). */
async function purchase(user: Awaited<ReturnType<typeof renderDetail>>['user']) {
  await waitFor(() => expect(screen.getByRole('button', { name: 'Purchase' })).toBeInTheDocument());
  await user.click(screen.getByRole('button', { name: 'Purchase' }));
  await user.click(within(await screen.findByRole('dialog', { name: 'Purchase' })).getByRole('button', { name: 'Continue to PayPal' }));
}

describe('item page: Purchase', () => {
  it('creates the payment and sends the browser to the provider', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const { user, api } = await renderDetail({}, { 'POST /payment/item/create': { body: { redirectUrl: 'https://pay.example/approve/ORDER1' } } });
    await purchase(user);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/approve/ORDER1'));
    expect(api.callsTo('POST /payment/item/create')[0]?.body).toEqual({
      _id: 'i1',
      name: 'Tofu65 Aluminium',
      description: 'Lubed switches.\nShips in original box.',
      price: 180,
      shippingPrice: 15,
    });
    // Disabled while the browser leaves: no second order.
    expect(screen.getByRole('button', { name: 'Purchase' })).toBeDisabled();
  });

  it.each([
    ['payment_pending', 'Currently Unavailable', 'being purchased by another user'],
    ['payment_error', 'Problem With Payment', 'payment account'],
    ['not_found', 'Item Not Available', 'no longer available'],
    ['payment_failed', 'Something Went Wrong', 'We are looking into this problem.  Thank you for your patience.'],
  ])('%s shows %j in an alert and Purchase works again', async (code, title, text) => {
    const { user } = await renderDetail({}, { 'POST /payment/item/create': { status: 409, body: { message: code } } });
    await purchase(user);
    const dialog = await screen.findByRole('dialog', { name: title });
    expect(dialog.textContent).toContain(text);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.getByRole('button', { name: 'Purchase' })).toBeEnabled();
  });

  it('confirm_email opens Confirm Your Email', async () => {
    const { user } = await renderDetail({}, { 'POST /payment/item/create': { status: 403, body: { message: 'confirm_email' } } });
    await purchase(user);
    expect(await screen.findByRole('dialog', { name: 'Confirm Your Email' })).toBeInTheDocument();
  });
});

describe('item page: back from the provider', () => {
  const search = '?token=ORDER1&PayerID=PAYER1';

  it("confirms, processes ('do not refresh'), shows 'Payment Complete' with the total charged and counts 6 seconds down to home", async () => {
    const process = deferredReply();
    // The buyer's checkout (issue 36: it said 'for $195' after a $215 charge).
    const item = makeItem({ checkout: { price: 195, shippingPrice: 20 } });
    const { user, api, router } = await renderDetail({ search, item }, { 'POST /payment/item/process': process.route });
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Payment' });
    expect(confirm).toHaveTextContent('Tofu65 Aluminium');
    await user.click(within(confirm).getByRole('button', { name: 'Complete Purchase' }));
    const processing = await screen.findByRole('dialog', { name: 'Processing Payment' });
    expect(processing).toHaveTextContent('do not refresh');
    expect(api.callsTo('POST /payment/item/process')[0]?.body).toEqual({ orderId: 'ORDER1' });

    process.release({ body: { status: 'COMPLETED', itemId: 'i1', priceSold: 195 } });
    const done = await screen.findByRole('dialog', { name: 'Payment Complete' });
    expect(done).toHaveTextContent('You bought Tofu65 Aluminium for $195 plus $20 shipping ($215 in total).');
    expect(done).toHaveTextContent('Returning home in 6 seconds.');
    await waitFor(() => expect(done).toHaveTextContent('Returning home in 5 seconds.'), { timeout: 2000 });
    await waitFor(() => expect(currentUrl(router)).toBe('/'), { timeout: 7000 });
  }, 12_000);

  it.each([
    ['payment_failed', 'The payment could not be completed.'],
    ['not_approved', 'not approved'],
    ['payment_processing', 'has not confirmed your payment yet'],
  ])("%s shows 'Error With Payment' with its message and the countdown", async (code, text) => {
    const { user } = await renderDetail({ search }, { 'POST /payment/item/process': { status: 409, body: { message: code } } });
    await user.click(within(await screen.findByRole('dialog', { name: 'Confirm Payment' })).getByRole('button', { name: 'Complete Purchase' }));
    const dialog = await screen.findByRole('dialog', { name: 'Error With Payment' });
    expect(dialog).toHaveTextContent(text);
    expect(dialog).toHaveTextContent('Returning home in 6 seconds.');
  });

  it('payment_retry sends the buyer back to the provider', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const { user } = await renderDetail(
      { search },
      { 'POST /payment/item/process': { status: 402, body: { message: 'payment_retry', redirectUrl: 'https://pay.example/approve/ORDER1' } } },
    );
    await user.click(within(await screen.findByRole('dialog', { name: 'Confirm Payment' })).getByRole('button', { name: 'Complete Purchase' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/approve/ORDER1'));
  });

  it('Cancel releases the checkout (issue 25: else the approved order would be captured when the lock runs out), drops the return parameters and captures nothing', async () => {
    const { user, api, router } = await renderDetail({ search }, { 'POST /payment/item/cancel': { body: { _id: 'i1', paymentStatus: 'none' } } });
    await user.click(within(await screen.findByRole('dialog', { name: 'Confirm Payment' })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/detail/i1'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST /payment/item/cancel')[0]?.body).toEqual({ _id: 'i1' });
    expect(api.callsTo('POST /payment/item/process')).toHaveLength(0);
  });

  it.each([
    ['a visitor', { signedIn: false }],
    ['a sold item', { item: makeItem({ purchaserId: 'u9', priceSold: 170 }) }],
    ['a URL without PayerID', { search: '?token=ORDER1' }],
  ])('shows no overlay for %s', async (_case, options) => {
    await renderDetail({ search, ...options });
    expect(screen.queryByRole('dialog', { name: 'Confirm Payment' })).not.toBeInTheDocument();
  });
});
