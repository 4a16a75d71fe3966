import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SELLER_TOOL_TEXTS, type Settings } from '@keeb/shared';
import { describe, expect, it } from 'vitest';
import { installFakeApi, type FakeRoute } from '../../../test/fake-api';
import { createTestQueryClient, renderApp, seedCategories, seedSession } from '../../../test/render-app';
import { sessionKeys } from '../../../lib/session';
import { awayDateBounds } from './away-section';

const SETTINGS: Settings = {
  _id: { _id: 'u1', email: 'kq@example.com', didConfirmEmail: true, emailPreferences: {
    itemSell: true, offers: true, updates: false, messages: true, offerSavedItem: true, soldSavedItem: true,
    updatedSavedItem: true, removedSavedItem: true, followedSellerListed: true, itemComments: true,
  }, hasPassword: true },
  username: 'keyqueen',
  bio: '',
  avatar: null,
  shippingRegion: null,
  reddit: { isLinked: false, transactions: { count: 0, isTransferred: false } },
  referralLink: 'https://keeb.example/signup?ref=keyqueen',
  wantAlerts: 'instant',
};

async function renderSettings({ awayUntil = null, signedIn = true }: { awayUntil?: string | null; signedIn?: boolean } = {}, routes: Record<string, FakeRoute> = {}) {
  const api = installFakeApi({
    'GET /me/settings': { body: { ...SETTINGS, awayUntil } },
    'GET /regions': { body: [] },
    'GET /auth/providers': { body: { google: null, facebook: false, reddit: false, recaptcha: null } },
    'GET /me/address': { body: null },
    ...routes,
  });
  const queryClient = createTestQueryClient();
  seedSession(queryClient, signedIn ? { username: 'keyqueen' } : undefined);
  seedCategories(queryClient);
  const view = renderApp('/settings', queryClient);
  return { ...view, api, queryClient };
}

const section = () => screen.getByRole('region', { name: 'Away mode' });

describe('settings: away mode', () => {
  it('bounds the date from tomorrow to 90 days ahead (UTC days)', () => {
    const now = Date.UTC(2026, 11, 31, 23, 30);
    expect(awayDateBounds(now)).toEqual({ min: '2027-01-01', max: '2027-03-31' });
  });

  it('turns on with the chosen day, shows the state with the date, and turns off', async () => {
    const { user, api, queryClient } = await renderSettings({}, {
      'PUT /me/away': { body: { until: '2026-12-24T00:00:00.000Z' } },
      'DELETE /me/away': { body: { until: null } },
    });
    const away = await screen.findByRole('region', { name: 'Away mode' });
    const input = within(away).getByLabelText('Away until');
    const { min, max } = awayDateBounds();
    expect(input).toHaveAttribute('type', 'date');
    expect(input).toHaveAttribute('min', min);
    expect(input).toHaveAttribute('max', max);

    // Nothing chosen: the rule shows on the field, nothing is sent.
    await user.click(within(away).getByRole('button', { name: 'Turn on' }));
    expect(within(away).getByText('Choose the day you are back')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('PUT /me/away')).toHaveLength(0);

    fireEvent.change(input, { target: { value: min } });
    await user.click(within(away).getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(api.callsTo('PUT /me/away')).toHaveLength(1));
    expect(api.callsTo('PUT /me/away')[0]?.body).toEqual({ until: min });

    expect(await within(section()).findByText(SELLER_TOOL_TEXTS.awayOwnBanner('Dec 24, 2026'))).toBeInTheDocument();
    expect(queryClient.getQueryData<Settings>(sessionKeys.settings)?.awayUntil).toBe('2026-12-24T00:00:00.000Z');
    expect(within(section()).queryByLabelText('Away until')).not.toBeInTheDocument();

    await user.click(within(section()).getByRole('button', { name: 'Turn off' }));
    expect(await within(section()).findByLabelText('Away until')).toHaveValue('');
    expect(api.callsTo('DELETE /me/away')).toHaveLength(1);
    expect(within(section()).queryByText(/You are away until/)).not.toBeInTheDocument();
  });

  it('shows the current state from the settings answer', async () => {
    await renderSettings({ awayUntil: '2027-01-05T00:00:00.000Z' });
    const away = await screen.findByRole('region', { name: 'Away mode' });
    expect(within(away).getByText('You are away until Jan 5, 2027. Your listings are hidden until then.')).toBeInTheDocument();
    expect(within(away).getByRole('button', { name: 'Turn off' })).toBeEnabled();
  });

  it("shows the server's refusal of the day on the field", async () => {
    const { user } = await renderSettings({}, { 'PUT /me/away': { status: 400, body: { message: 'away_until', field: 'until' } } });
    const away = await screen.findByRole('region', { name: 'Away mode' });
    const input = within(away).getByLabelText('Away until');
    fireEvent.change(input, { target: { value: awayDateBounds().max } });
    await user.click(within(away).getByRole('button', { name: 'Turn on' }));
    expect(await within(away).findByText('Choose a day from tomorrow up to 90 days ahead')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a day past the 90 days before asking the server', async () => {
    const { user, api } = await renderSettings();
    const away = await screen.findByRole('region', { name: 'Away mode' });
    fireEvent.change(within(away).getByLabelText('Away until'), { target: { value: '2999-01-01' } });
    await user.click(within(away).getByRole('button', { name: 'Turn on' }));
    expect(within(away).getByText('Choose a day from tomorrow up to 90 days ahead')).toBeInTheDocument();
    expect(api.callsTo('PUT /me/away')).toHaveLength(0);
  });

  it('failing to turn off says so and keeps the state', async () => {
    const { user } = await renderSettings({ awayUntil: '2027-01-05T00:00:00.000Z' }, { 'DELETE /me/away': { status: 500, body: { message: 'internal' } } });
    const away = await screen.findByRole('region', { name: 'Away mode' });
    await user.click(within(away).getByRole('button', { name: 'Turn off' }));
    expect(await within(away).findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(within(away).getByText(/You are away until Jan 5, 2027/)).toBeInTheDocument();
  });

  it('is behind sign-in: a visitor is sent to log in', async () => {
    const { router } = await renderSettings({ signedIn: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.queryByRole('region', { name: 'Away mode' })).not.toBeInTheDocument();
  });
});
