import { screen, waitFor, within } from '@testing-library/react';
import type { PriceHistory } from '@keeb/shared';
import { describe, expect, it } from 'vitest';
import type { FakeRequest } from '../../../test/fake-api';
import { currentUrl } from '../../../test/render-app';
import { detailResponse, makeItem } from '../testing/fixtures';
import { checkbox, expectRule, field, fillValid, renderForm, submitButton, VALID_PAYLOAD } from '../testing/listing-form';

/** Issue 16 on the listing form: the sold-price hint and the seller's private offer guardrails. */

const HISTORY: PriceHistory = {
  count: 4,
  median: 150,
  min: 120,
  max: 210,
  recent: [
    { price: 210, soldAt: '2025-05-04T10:00:00.000Z', thumbnail: '/uploads/items/u1/@2x_d.jpg', name: 'Tofu65 E-white' },
    { price: 160, soldAt: '2025-05-03T10:00:00.000Z', thumbnail: '/uploads/items/u1/@2x_c.jpg', name: 'Tofu65 Black' },
    { price: 140, soldAt: '2025-05-02T10:00:00.000Z', thumbnail: '/uploads/items/u1/@2x_b.jpg', name: 'Tofu65 Silver' },
    { price: 120, soldAt: '2025-05-01T10:00:00.000Z', thumbnail: '/uploads/items/u1/@2x_a.jpg', name: 'Tofu65 Red' },
  ],
};
const TOO_FEW: PriceHistory = { count: 2, median: null, min: null, max: null, recent: [] };

/** Sold items are named Tofu65; nothing else sold often enough. */
const priceHistory = (request: FakeRequest) => ({ body: request.params.searchText === 'Tofu65' ? HISTORY : TOO_FEW });

const DECLINE = 'Auto-decline offers below';
const ACCEPT = 'Auto-accept offers at';

describe('sell page: the price hint', () => {
  it('shows what items of the typed name sold for once the seller pauses, with the range, asking once', async () => {
    const { user, api } = await renderForm('/sell', { 'GET /items/price-history': priceHistory });
    await user.type(field('Name'), 'Tofu65');

    const hint = await screen.findByRole('region', { name: 'Sold prices' }, { timeout: 3_000 });
    expect(hint).toHaveTextContent('Sold recently: median $150 from 4 sales');
    expect(within(hint).getByText('Sold from $120 to $210')).toBeInTheDocument();
    expect(within(hint).getByRole('img', { name: /^Last 4 sale prices, oldest to newest: \$120, \$140, \$160, \$210$/ })).toBeInTheDocument();
    expect(api.callsTo('GET /items/price-history').map((call) => call.params)).toEqual([{ searchText: 'Tofu65' }]);
  });

  it('shows nothing for a name with fewer than 3 sales', async () => {
    const { user, api } = await renderForm('/sell', { 'GET /items/price-history': priceHistory });
    await user.type(field('Name'), 'Prototype 1 of 1');
    await waitFor(() => expect(api.callsTo('GET /items/price-history')).toHaveLength(1), { timeout: 3_000 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('region', { name: 'Sold prices' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Sold recently/)).not.toBeInTheDocument();
  });

  it('shows at once on the edit form, for the listing’s own name', async () => {
    await renderForm('/edit-item/i1', {
      'GET /item/i1/edit': { body: detailResponse(makeItem({ name: 'Tofu65', paymentEmail: 'pay@example.com' }), { isUserItem: true }) },
      'GET /items/price-history': priceHistory,
    });
    expect(await screen.findByText('Sold recently: median $150 from 4 sales')).toBeInTheDocument();
  });
});

describe('sell page: offer guardrails', () => {
  it("shows the two private prices only while 'Accept Offers' is on", async () => {
    const { user } = await renderForm();
    expect(screen.queryByLabelText(DECLINE)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(ACCEPT)).not.toBeInTheDocument();

    await user.click(checkbox('Accept Offers'));
    const group = screen.getByRole('group', { name: 'Answer offers automatically' });
    expect(group).toHaveAccessibleDescription('Private: buyers never see these.');
    expect(within(group).getByLabelText(DECLINE)).toHaveAttribute('maxLength', '8');
    expect(within(group).getByLabelText(ACCEPT)).toHaveAttribute('inputMode', 'decimal');

    await user.click(checkbox('Accept Offers'));
    expect(screen.queryByLabelText(DECLINE)).not.toBeInTheDocument();
  });

  it('sends them with the listing', async () => {
    const { user, api, router } = await renderForm();
    await fillValid(user);
    await user.type(field(DECLINE), '120');
    await user.type(field(ACCEPT), '170.5');
    await user.click(submitButton());
    await waitFor(() => expect(currentUrl(router)).toBe('/detail/new1'));
    expect(api.callsTo('POST /item')[0]?.body).toEqual({ ...VALID_PAYLOAD, autoDeclineBelow: 120, autoAcceptAt: 170.5 });
  });

  it('sends null for both when offers are turned off again, whatever was typed', async () => {
    const { user, api } = await renderForm();
    await fillValid(user);
    await user.type(field(DECLINE), '120');
    await user.click(checkbox('Buy It Now'));
    await user.click(checkbox('Accept Offers'));
    await user.click(submitButton());
    await waitFor(() => expect(api.callsTo('POST /item')).toHaveLength(1));
    expect(api.callsTo('POST /item')[0]?.body).toMatchObject({ offersAccepted: false, autoDeclineBelow: null, autoAcceptAt: null });
  });

  it('checks them before sending: a bad price, the floor above the auto-accept price, either at the fixed price', async () => {
    const { user, api } = await renderForm();
    await fillValid(user);

    await user.type(field(DECLINE), '12a');
    await user.click(submitButton());
    expectRule(field(DECLINE), 'Price required');
    await user.clear(field(DECLINE));
    expect(field(DECLINE)).not.toHaveAttribute('aria-invalid');

    await user.type(field(DECLINE), '150');
    await user.type(field(ACCEPT), '140');
    await user.click(submitButton());
    expectRule(field(DECLINE), 'The auto-decline price must be at most the auto-accept price.');
    await user.clear(field(ACCEPT));

    await user.click(checkbox('Buy It Now'));
    await user.type(field(ACCEPT), '180');
    await user.click(submitButton());
    expectRule(field(ACCEPT), 'Must be below your fixed price.');
    expect(api.callsTo('POST /item')).toHaveLength(0);

    // The rule reads the price: raising it settles the error.
    await user.clear(field('Price (USD)'));
    await user.type(field('Price (USD)'), '200');
    expect(field(ACCEPT)).not.toHaveAttribute('aria-invalid');
    await user.click(submitButton());
    await waitFor(() => expect(api.callsTo('POST /item')).toHaveLength(1));
    expect(api.callsTo('POST /item')[0]?.body).toMatchObject({ price: 200, isFixedPrice: true, autoDeclineBelow: 150, autoAcceptAt: 180 });
  });

  it.each([
    ['auto_order', 'autoDeclineBelow', DECLINE, 'The auto-decline price must be at most the auto-accept price.'],
    ['auto_above_price', 'autoAcceptAt', ACCEPT, 'Must be below your fixed price.'],
    ['price', 'autoAcceptAt', ACCEPT, 'Price required'],
  ])('the server answering %s on %s marks that field', async (code, apiField, label, text) => {
    const { user } = await renderForm('/sell', { 'POST /item': { status: 400, body: { message: code, field: apiField } } });
    await fillValid(user);
    await user.type(field(DECLINE), '100');
    await user.type(field(ACCEPT), '150');
    await user.click(submitButton());
    await waitFor(() => expectRule(field(label), text));
  });
});

describe('edit: offer guardrails', () => {
  const owned = makeItem({ paymentEmail: 'pay@example.com', offersAccepted: true, isFixedPrice: false, autoDeclineBelow: 90, autoAcceptAt: 160.5 });

  it('loads the stored ones, and sends what the seller changed (an emptied one as null)', async () => {
    const { user, api, router } = await renderForm('/edit-item/i1', {
      'GET /item/i1/edit': { body: detailResponse(owned, { isUserItem: true }) },
      'PUT /item/i1': { body: { _id: 'i1' } },
    });
    expect(field(DECLINE)).toHaveValue('90');
    expect(field(ACCEPT)).toHaveValue('160.5');

    await user.clear(field(DECLINE));
    await user.clear(field(ACCEPT));
    await user.type(field(ACCEPT), '170');
    await user.click(submitButton());
    await waitFor(() => expect(currentUrl(router)).toBe('/detail/i1'));
    expect(api.callsTo('PUT /item/i1')[0]?.body).toMatchObject({ autoDeclineBelow: null, autoAcceptAt: 170 });
  });
});
