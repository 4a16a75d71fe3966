import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import { installFakeApi, type FakeRoute } from '../../../test/fake-api';
import { createTestQueryClient, renderApp, seedCategories, seedSession } from '../../../test/render-app';
import { detailResponse, makeItem, REGION_LIST } from './fixtures';

/* The listing form's test helpers: the calls it makes at start, the form rendered, and a valid listing typed in. */

const HEADINGS: Record<string, string> = {
  '/sell': 'List Your Item',
  '/edit-item/i1': 'Edit Your Listing',
  '/duplicate-item/i1': 'Add A Similar Listing',
};

/** The seller's code for today, as the API issues it (issue 26). */
export const TIMESTAMP_CODE = 'keyqueen 2026-11-25 K7QX';

export function routes(extra: Record<string, FakeRoute> = {}) {
  return installFakeApi({
    'GET /me/verified': { body: { didConfirmEmail: true } },
    'GET /regions': { body: REGION_LIST },
    'GET /me/region': { body: { code: 'US', name: 'United States' } },
    'POST /item': { body: { _id: 'new1' } },
    'POST /items/timestamp-code': { body: { code: TIMESTAMP_CODE, issuedAt: '2026-11-25T10:00:00.000Z' } },
    'GET /item/new1': { body: detailResponse(makeItem({ _id: 'new1' }), { isUserItem: true }) },
    'GET /item/i1': { body: detailResponse(makeItem(), { isUserItem: true }) },
    ...extra,
  });
}

export async function renderForm(path = '/sell', extra: Record<string, FakeRoute> = {}) {
  const api = routes(extra);
  const queryClient = createTestQueryClient();
  seedSession(queryClient, { username: 'keyqueen' });
  seedCategories(queryClient);
  const view = renderApp(path, queryClient);
  await screen.findByRole('heading', { level: 1, name: HEADINGS[path] });
  await screen.findByLabelText('Category');
  return { ...view, api };
}

export const submitButton = () => screen.getByRole('button', { name: /^(List Item|Save Changes)$/ });
export const field = (label: string) => screen.getByLabelText(label);
export const checkbox = (name: string) => screen.getByRole('checkbox', { name });

export async function insertLinks(user: UserEvent, text: string) {
  await user.click(screen.getByRole('button', { name: 'Insert Photo URLs' }));
  const dialog = await screen.findByRole('dialog', { name: 'Insert Photo URLs' });
  if (text) {
    await user.click(within(dialog).getByLabelText('Photo links'));
    await user.paste(text);
  }
  await user.click(within(dialog).getByRole('button', { name: 'Insert' }));
  return dialog;
}

export async function fillValid(user: UserEvent, { shipping = '12' }: { shipping?: string } = {}) {
  await user.selectOptions(field('Category'), 'keyboards');
  await user.type(field('Name'), '  Tofu65  ');
  await user.type(field('Description'), 'Great board');
  await user.type(field('Price (USD)'), '180');
  await user.type(field('Payment email'), 'Pay@Example.com');
  await user.click(checkbox('Accept Offers'));
  await user.click(checkbox('United States'));
  if (shipping) await user.type(field('Shipping price to United States'), shipping);
  await insertLinks(user, 'https://i.imgur.com/abc.jpg');
  await screen.findByRole('img', { name: 'Photo 1' });
}

export const VALID_PAYLOAD = {
  photos: ['https://i.imgur.com/abc.jpg'],
  name: 'Tofu65',
  categoryId: 'keyboards',
  description: 'Great board',
  price: 180,
  offersAccepted: true,
  isFixedPrice: false,
  payment: 'pay@example.com',
  autoDeclineBelow: null,
  autoAcceptAt: null,
  shippingPrices: [{ code: 'US', price: 12 }],
  timestampCode: null,
  timestampPhoto: null,
  openToTrades: false,
  lookingFor: '',
  specs: {},
};

export function expectRule(element: HTMLElement, text: string) {
  expect(element).toHaveAttribute('aria-invalid', 'true');
  expect(element).toHaveAccessibleDescription(expect.stringContaining(text));
  expect(element).toHaveFocus();
}
