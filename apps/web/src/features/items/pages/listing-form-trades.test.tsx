import { screen, waitFor } from '@testing-library/react';
import { LOOKING_FOR_MAX } from '@keeb/shared';
import { describe, expect, it } from 'vitest';
import { currentUrl } from '../../../test/render-app';
import { detailResponse, makeItem } from '../testing/fixtures';
import { checkbox, field, fillValid, renderForm, submitButton, VALID_PAYLOAD } from '../testing/listing-form';

/** Issue 28: the sell form's 'Open to trades' box and its 'Looking for' text, through create, edit and duplicate. */
describe('sell form: open to trades', () => {
  it("has a Trades section whose 'Looking for' field shows only once 'Open to trades' is ticked", async () => {
    const { user } = await renderForm();
    expect(screen.getByRole('heading', { level: 2, name: 'Trades' })).toBeInTheDocument();
    expect(checkbox('Open to trades')).not.toBeChecked();
    expect(checkbox('Open to trades')).toHaveAccessibleDescription('Buyers can offer their own listings, with cash either way.');
    expect(screen.queryByLabelText('Looking for')).not.toBeInTheDocument();
    await user.click(checkbox('Open to trades'));
    expect(field('Looking for')).toHaveAttribute('maxLength', String(LOOKING_FOR_MAX));
    await user.click(checkbox('Open to trades'));
    expect(screen.queryByLabelText('Looking for')).not.toBeInTheDocument();
  });

  it('issue 36: ticking Open to trades without a saved address asks for one (a trade ships both ways)', async () => {
    const { user } = await renderForm('/sell', { 'GET /me/address': { body: null } });
    expect(screen.queryByTestId('open-to-trades-address')).not.toBeInTheDocument();
    await user.click(checkbox('Open to trades'));
    const prompt = await screen.findByTestId('open-to-trades-address');
    expect(prompt).toHaveTextContent('add your mailing address in Settings');
    expect(screen.getByRole('link', { name: /Settings/ })).toHaveAttribute('href', '/settings');
  });

  it('issue 36: with a saved address, ticking it asks for nothing', async () => {
    const { user, api } = await renderForm('/sell', { 'GET /me/address': { body: { name: 'K Q', line1: '1 St', line2: '', city: 'C', region: '', postalCode: '62701', country: 'US' } } });
    await user.click(checkbox('Open to trades'));
    await waitFor(() => expect(api.callsTo('GET /me/address')).toHaveLength(1));
    expect(screen.queryByTestId('open-to-trades-address')).not.toBeInTheDocument();
  });

  it('sends openToTrades and the trimmed lookingFor with the listing', async () => {
    const { user, api, router } = await renderForm();
    await fillValid(user);
    await user.click(checkbox('Open to trades'));
    await user.type(field('Looking for'), '  Tofu65 + cash  ');
    await user.click(submitButton());
    await waitFor(() => expect(currentUrl(router)).toBe('/detail/new1'));
    expect(api.callsTo('POST /item')[0]?.body).toEqual({ ...VALID_PAYLOAD, openToTrades: true, lookingFor: 'Tofu65 + cash' });
  });

  it('a listing closed to trades sends what it typed as nothing', async () => {
    const { user, api, router } = await renderForm();
    await fillValid(user);
    await user.click(checkbox('Open to trades'));
    await user.type(field('Looking for'), 'GMK Olivia');
    await user.click(checkbox('Open to trades'));
    await user.click(submitButton());
    await waitFor(() => expect(currentUrl(router)).toBe('/detail/new1'));
    expect(api.callsTo('POST /item')[0]?.body).toMatchObject({ openToTrades: false, lookingFor: '' });
  });

  it("shows the server's too_long on the Looking for field", async () => {
    const { user } = await renderForm('/sell', { 'POST /item': { status: 400, body: { message: 'too_long', field: 'lookingFor' } } });
    await fillValid(user);
    await user.click(checkbox('Open to trades'));
    await user.type(field('Looking for'), 'A 65%');
    await user.click(submitButton());
    await waitFor(() => expect(field('Looking for')).toHaveAttribute('aria-invalid', 'true'));
    expect(field('Looking for')).toHaveAccessibleDescription(expect.stringContaining(`Looking for cannot be more than ${LOOKING_FOR_MAX} characters`));
    expect(field('Looking for')).toHaveFocus();
  });

  const owned = makeItem({ paymentEmail: 'pay@example.com', openToTrades: true, lookingFor: 'GMK Olivia or a Tofu65' });

  it('edit keeps them and sends them back', async () => {
    const { user, api, router } = await renderForm('/edit-item/i1', {
      'GET /item/i1/edit': { body: detailResponse(owned, { isUserItem: true }) },
      'PUT /item/i1': { body: { _id: 'i1' } },
    });
    expect(checkbox('Open to trades')).toBeChecked();
    expect(field('Looking for')).toHaveValue('GMK Olivia or a Tofu65');
    await user.clear(field('Looking for'));
    await user.type(field('Looking for'), 'Only a Tofu65');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/detail/i1'));
    expect(api.callsTo('PUT /item/i1')[0]?.body).toMatchObject({ openToTrades: true, lookingFor: 'Only a Tofu65' });
  });

  it("an edit the server refuses because a trade holds the item says so", async () => {
    const { user } = await renderForm('/edit-item/i1', {
      'GET /item/i1/edit': { body: detailResponse(owned, { isUserItem: true }) },
      'PUT /item/i1': { status: 409, body: { message: 'trade_pending' } },
    });
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cannot List Item' });
    expect(dialog).toHaveTextContent('A trade of this item is pending: it cannot be edited until the trade is cancelled.');
  });

  it('duplicate keeps them for the new listing', async () => {
    const { user, api, router } = await renderForm('/duplicate-item/i1', {
      'GET /item/i1/duplicate': { body: detailResponse(owned, { isUserItem: true }) },
    });
    expect(checkbox('Open to trades')).toBeChecked();
    expect(field('Looking for')).toHaveValue('GMK Olivia or a Tofu65');
    await user.click(submitButton());
    await waitFor(() => expect(currentUrl(router)).toBe('/detail/new1'));
    expect(api.callsTo('POST /item')[0]?.body).toMatchObject({ openToTrades: true, lookingFor: 'GMK Olivia or a Tofu65' });
  });
});
