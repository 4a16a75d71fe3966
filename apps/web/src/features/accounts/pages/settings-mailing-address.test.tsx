import { screen, waitFor, within } from '@testing-library/react';
import type { MailingAddress, Settings } from '@keeb/shared';
import { describe, expect, it } from 'vitest';
import { deferredReply } from '../../../test/deferred';
import { installFakeApi, type FakeRoute } from '../../../test/fake-api';
import { createTestQueryClient, renderApp, seedCategories, seedSession } from '../../../test/render-app';

const SETTINGS: Settings = {
  _id: {
    _id: 'u1',
    email: 'kq@example.com',
    didConfirmEmail: true,
    hasPassword: true,
    emailPreferences: {
      itemSell: true, offers: true, updates: false, messages: true, offerSavedItem: true, soldSavedItem: true,
      updatedSavedItem: true, removedSavedItem: true, followedSellerListed: true, itemComments: true,
    },
  },
  username: 'keyqueen',
  bio: '',
  avatar: null,
  shippingRegion: { code: 'US', name: 'United States' },
  reddit: { isLinked: false, transactions: { count: 0, isTransferred: false } },
  referralLink: 'https://keeb.example/signup?ref=keyqueen',
  wantAlerts: 'instant',
};

const HOME: MailingAddress = { name: 'Kay Queen', line1: '12 Keycap Lane', line2: '', city: 'Portland', region: 'OR', postalCode: '97201', country: 'US' };

async function renderSettings(routes: Record<string, FakeRoute> = {}) {
  const api = installFakeApi({
    'GET /me/settings': { body: SETTINGS },
    'GET /regions': { body: [{ _id: 'US', code: 'US', name: 'United States' }] },
    'GET /auth/providers': { body: { google: null, facebook: false, reddit: false, recaptcha: null } },
    'GET /me/address': { body: null },
    ...routes,
  });
  const queryClient = createTestQueryClient();
  seedSession(queryClient, { username: 'keyqueen' });
  seedCategories(queryClient);
  const view = renderApp('/settings', queryClient);
  await screen.findByRole('heading', { level: 1, name: 'Settings' });
  await screen.findByRole('region', { name: 'Mailing address' });
  return { ...view, api };
}

/** Opens the form (Edit Address, or Add Address when none is saved). */
async function openForm(user: Awaited<ReturnType<typeof renderSettings>>['user']) {
  await user.click(await within(section()).findByRole('button', { name: /^(Edit|Add) Address$/ }));
  return within(section()).findByLabelText('Full name');
}

const section = () => screen.getByRole('region', { name: 'Mailing address' });
const field = (label: string) => within(section()).getByLabelText(label);
const saveButton = () => within(section()).getByRole('button', { name: 'Save Address' });

describe('settings: mailing address', () => {
  it('shows the saved address, then in labelled fields to edit, the country chosen by name', async () => {
    const { user } = await renderSettings({ 'GET /me/address': { body: HOME } });
    const shown = await within(section()).findByText('Kay Queen');
    expect(shown.closest('address')).toHaveTextContent('Kay Queen12 Keycap LanePortland, OR, 97201United States');
    expect(within(section()).queryByLabelText('Full name')).not.toBeInTheDocument();
    await openForm(user);
    expect(field('Full name')).toHaveValue('Kay Queen');
    expect(field('Address line 1')).toHaveValue('12 Keycap Lane');
    expect(field('Address line 2 (optional)')).toHaveValue('');
    expect(field('City')).toHaveValue('Portland');
    expect(field('State or region')).toHaveValue('OR');
    expect(field('Postal code')).toHaveValue('97201');
    expect(field('Country')).toHaveValue('US');
    expect(within(field('Country')).getByRole('option', { selected: true })).toHaveTextContent('United States');
    // Issue 36: admins see it too (support and problems), and it says so.
    expect(within(section()).getByText('Where sellers ship what you buy. Only the seller of an order and our admins see it.')).toBeInTheDocument();
  });

  it('starts empty when no address was saved, and saves a new one with a Saved confirmation', async () => {
    const reply = deferredReply();
    const { user, api } = await renderSettings({ 'PUT /me/address': reply.route });
    expect(await within(section()).findByText('No mailing address saved yet.')).toBeInTheDocument();
    await openForm(user);
    expect(field('Full name')).toHaveValue('');
    expect(field('Country')).toHaveValue('');
    await user.type(field('Full name'), 'Kay Queen');
    await user.type(field('Address line 1'), '221B Baker Street');
    await user.type(field('City'), 'London');
    await user.type(field('Postal code'), 'NW1 6XE');
    await user.selectOptions(field('Country'), 'United Kingdom');
    await user.click(saveButton());
    await waitFor(() => expect(saveButton()).toBeDisabled());
    const sent = { name: 'Kay Queen', line1: '221B Baker Street', line2: '', city: 'London', region: '', postalCode: 'NW1 6XE', country: 'GB' };
    expect(api.callsTo('PUT /me/address')[0]?.body).toEqual(sent);
    reply.release({ body: sent });
    expect(await within(section()).findByRole('status')).toHaveTextContent('Saved');
    expect(within(section()).getByText('221B Baker Street')).toBeInTheDocument();
    expect(within(section()).getByText('United Kingdom')).toBeInTheDocument();
    // Editing again starts from what was saved.
    await openForm(user);
    expect(field('Country')).toHaveValue('GB');
  });

  it.each([
    ['Full name', '', 'Enter the full name (up to 100 characters).'],
    ['Postal code', '1234', 'Enter a postal code in the format used in United States.'],
  ])('says what is wrong with %s (%j) in plain words under it, focuses it and sends nothing', async (label, value, text) => {
    const { user, api } = await renderSettings({ 'GET /me/address': { body: HOME } });
    await openForm(user);
    await user.clear(field(label));
    if (value) await user.type(field(label), value);
    await user.click(saveButton());
    expect(field(label)).toHaveAccessibleDescription(expect.stringContaining(text));
    expect(field(label)).toHaveFocus();
    expect(api.callsTo('PUT /me/address')).toHaveLength(0);
    // Typing into the field clears its message.
    await user.type(field(label), '9');
    expect(field(label)).not.toHaveAccessibleDescription(expect.stringContaining(text));
  });

  it('asks for a country when none is chosen', async () => {
    const { user, api } = await renderSettings();
    await openForm(user);
    await user.type(field('Full name'), 'Kay Queen');
    await user.type(field('Address line 1'), '1 Main St');
    await user.type(field('City'), 'Springfield');
    await user.click(saveButton());
    expect(field('Country')).toHaveAccessibleDescription(expect.stringContaining('Choose a country.'));
    expect(api.callsTo('PUT /me/address')).toHaveLength(0);
  });

  it("shows the API's refusal under its field, and a failure it cannot place in the section", async () => {
    let answer: { status: number; body: unknown } = { status: 400, body: { message: 'invalid_postal_code', field: 'postalCode' } };
    const { user } = await renderSettings({ 'GET /me/address': { body: HOME }, 'PUT /me/address': () => answer });
    await openForm(user);
    await user.click(saveButton());
    expect(await within(section()).findByText('Enter a postal code in the format used in United States.')).toBeInTheDocument();
    answer = { status: 503, body: { message: 'something_went_wrong' } };
    await user.click(saveButton());
    expect(await within(section()).findByRole('alert')).toHaveTextContent("We couldn't save your address. Try again.");
  });

  it('offers to try again when the address cannot be loaded', async () => {
    let fail = true;
    const { user } = await renderSettings({ 'GET /me/address': () => (fail ? { status: 500, body: { message: 'something_went_wrong' } } : { body: HOME }) });
    expect(await within(section()).findByRole('alert', {}, { timeout: 5_000 })).toHaveTextContent("We couldn't load your address.");
    fail = false;
    await user.click(within(section()).getByRole('button', { name: 'Try again' }));
    expect(await within(section()).findByText('12 Keycap Lane')).toBeInTheDocument();
  });

  it('Cancel leaves the saved address as it was, sending nothing', async () => {
    const { user, api } = await renderSettings({ 'GET /me/address': { body: HOME } });
    await openForm(user);
    await user.clear(field('City'));
    await user.type(field('City'), 'Nowhere');
    await user.click(within(section()).getByRole('button', { name: 'Cancel' }));
    expect(within(section()).getByText('Portland, OR, 97201')).toBeInTheDocument();
    expect(api.callsTo('PUT /me/address')).toHaveLength(0);
  });
});
