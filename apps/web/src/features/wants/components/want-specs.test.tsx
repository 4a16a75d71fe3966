import { screen, waitFor, within } from '@testing-library/react';
import type { Want } from '@keeb/shared';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import { installFakeApi, type FakeRoute } from '../../../test/fake-api';
import { createTestQueryClient, renderApp, seedCategories, seedSession } from '../../../test/render-app';
import { makeWant } from '../testing/fixtures';

/** Issue 29: a want's specs (several values a key), its row's summary, and a saved search's spec filters. */
function render(path: string, routes: Record<string, FakeRoute> = {}, wants: Want[] = []) {
  const api = installFakeApi({
    'GET /me/wants': { body: wants },
    'POST /me/wants/seen': { body: {} },
    'GET /items': { body: [] },
    'POST /me/wants': (request) => ({ status: 201, body: makeWant({ ...(request.body as Partial<Want>), _id: 'w9' }) }),
    ...routes,
  });
  const queryClient = createTestQueryClient();
  seedSession(queryClient, { username: 'switchfan' });
  seedCategories(queryClient);
  return { ...renderApp(path, queryClient), api };
}

async function openForm(routes: Record<string, FakeRoute> = {}) {
  const view = render('/me/vault?tab=wants', routes);
  await view.user.click(await screen.findByRole('button', { name: 'Add a want' }));
  return { ...view, dialog: await screen.findByRole('dialog', { name: 'New want' }) };
}

const groupIn = (dialog: HTMLElement, name: string) => within(dialog).getByRole('group', { name });

describe('want specs', { timeout: 20_000 }, () => {
  it("offers the one category's specs, several values a key, and sends them", async () => {
    const { dialog, user, api } = await openForm();
    // No category: only what every category has.
    expect(groupIn(dialog, 'Condition')).toBeInTheDocument();
    expect(within(dialog).queryByRole('group', { name: 'Size' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Keyboards' }));
    await user.click(within(groupIn(dialog, 'Size')).getByRole('checkbox', { name: '75%' }));
    await user.click(within(groupIn(dialog, 'Size')).getByRole('checkbox', { name: '65%' }));
    await user.click(within(groupIn(dialog, 'Switch mounting')).getByRole('checkbox', { name: 'Hot-swap' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save want' }));
    await waitFor(() => expect(api.callsTo('POST /me/wants')).toHaveLength(1));
    expect(api.callsTo('POST /me/wants')[0]?.body).toMatchObject({ categoryIds: ['keyboards'], specs: { size: ['65%', '75%'], mounting: ['hot-swap'] } });
  });

  it('takes makers as text, commas between, and flags as Yes or No', async () => {
    const { dialog, user, api } = await openForm();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Keycaps' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Maker' }), 'GMK,  ePBT , ');
    await user.click(within(dialog).getByRole('button', { name: 'Save want' }));
    await waitFor(() => expect(api.callsTo('POST /me/wants')).toHaveLength(1));
    expect(api.callsTo('POST /me/wants')[0]?.body).toMatchObject({ categoryIds: ['keycaps'], specs: { maker: ['GMK', 'ePBT'] } });
  });

  it('another category clears the specs that are not its own', async () => {
    const { dialog, user, api } = await openForm();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Parts' }));
    await user.click(within(groupIn(dialog, 'Lubed')).getByRole('checkbox', { name: 'Yes' }));
    await user.click(within(groupIn(dialog, 'Condition')).getByRole('checkbox', { name: 'Used' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Accessories' }));
    expect(within(dialog).queryByRole('group', { name: 'Lubed' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Accessories' }));
    expect(within(groupIn(dialog, 'Lubed')).getByRole('checkbox', { name: 'Yes' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Save want' }));
    await waitFor(() => expect(api.callsTo('POST /me/wants')).toHaveLength(1));
    expect(api.callsTo('POST /me/wants')[0]?.body).toMatchObject({ categoryIds: ['parts'], specs: { condition: ['used'] } });
  });

  it("shows the server's spec refusal in the form", async () => {
    const { dialog, user } = await openForm({ 'POST /me/wants': { status: 400, body: { message: 'invalid_spec', field: 'specs.size' } } });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Keyboards' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save want' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Choose one of the listed values for Size');
  });

  it("a want's row says its specs, and editing starts from them", async () => {
    const want = makeWant({ _id: 'w1', searchText: 'tofu', categoryIds: ['keyboards'], specs: { size: ['65%', 'tkl'], mounting: ['hot-swap'] } });
    const { user, api } = render('/me/vault?tab=wants', { 'PUT /me/wants/w1': (request) => ({ body: { ...want, ...(request.body as Partial<Want>) } }) }, [want]);
    expect(await screen.findByText('Keyboards · Size: 65%, TKL · Switch mounting: Hot-swap')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit tofu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit want' });
    expect(within(groupIn(dialog, 'Size')).getByRole('checkbox', { name: 'TKL' })).toBeChecked();
    await user.click(within(groupIn(dialog, 'Size')).getByRole('checkbox', { name: 'TKL' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.callsTo('PUT /me/wants/w1')).toHaveLength(1));
    expect(api.callsTo('PUT /me/wants/w1')[0]?.body).toMatchObject({ specs: { size: ['65%'], mounting: ['hot-swap'] } });
  });

  it("'Save this search' carries the feed's spec filters", async () => {
    window.localStorage.setItem(STORAGE_KEYS.categoryFilter, JSON.stringify(['keyboards']));
    window.localStorage.setItem(STORAGE_KEYS.specFilter, JSON.stringify({ size: ['65%'], mounting: ['hot-swap'] }));
    const { user, api } = render('/');
    await user.click(await screen.findByRole('button', { name: 'Save this search as a want' }));
    const dialog = await screen.findByRole('dialog', { name: 'New want' });
    expect(within(groupIn(dialog, 'Size')).getByRole('checkbox', { name: '65%' })).toBeChecked();
    expect(within(groupIn(dialog, 'Switch mounting')).getByRole('checkbox', { name: 'Hot-swap' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Save want' }));
    await waitFor(() => expect(api.callsTo('POST /me/wants')).toHaveLength(1));
    expect(api.callsTo('POST /me/wants')[0]?.body).toMatchObject({ categoryIds: ['keyboards'], specs: { size: ['65%'], mounting: ['hot-swap'] } });
  });
});
