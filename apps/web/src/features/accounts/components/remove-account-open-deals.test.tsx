import { screen, waitFor, within } from '@testing-library/react';
import type { Settings } from '@keeb/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeRoute } from '../../../test/fake-api';
import { createTestQueryClient, currentUrl, renderApp, seedCategories, seedSession } from '../../../test/render-app';

/** Issue 36: removal refused while deals are open (409 open_deals) lists each with a link to end it. */
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

const OPEN = [
  { kind: 'trade', id: 't1', itemId: 'i1', itemName: 'Tofu65', link: '/me/offers?tab=trades&trade=t1' },
  { kind: 'offer', id: 'f1', itemId: 'i2', itemName: 'GMK Olivia', link: '/me/offers?tab=sent' },
  { kind: 'checkout', id: 'p1', itemId: 'i3', itemName: 'Bakeneko60', link: '/detail/i3' },
  { kind: 'order', id: 'o1', itemId: 'i4', itemName: 'Zealios V2', link: '/me/orders/o1' },
];

async function renderSettings(routes: Record<string, FakeRoute>) {
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
  return { ...view, api };
}

afterEach(() => vi.restoreAllMocks());

describe('settings: removal refused while deals are open', () => {
  it('lists what is open, each linking to where it is ended, and the account stays signed in', async () => {
    const { user, router } = await renderSettings({ 'POST /me/remove': { status: 409, body: { message: 'open_deals', open: OPEN } } });
    const removal = await screen.findByRole('region', { name: 'Remove Account' });
    await user.type(within(removal).getByLabelText('Password'), 'hunter22');
    await user.click(within(removal).getByRole('button', { name: 'Remove Account' }));

    const alert = await within(removal).findByRole('alert');
    expect(alert).toHaveTextContent('Your account cannot be removed while these are open');
    const links = within(alert).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Trade for Tofu65', '/me/offers?tab=trades&trade=t1'],
      ['Accepted offer on GMK Olivia', '/me/offers?tab=sent'],
      ['Checkout of Bakeneko60', '/detail/i3'],
      ['Order of Zealios V2', '/me/orders/o1'],
    ]);
    expect(currentUrl(router)).toBe('/settings');
    await user.click(links[3]!);
    await waitFor(() => expect(currentUrl(router)).toBe('/me/orders/o1'));
  });
});
