import { screen, waitFor, within } from '@testing-library/react';
import type { Want } from '@keeb/shared';
import { describe, expect, it } from 'vitest';
import { installFakeApi, type FakeRoute } from '../../../test/fake-api';
import { createTestQueryClient, renderApp, seedCategories, seedSession } from '../../../test/render-app';
import { makeWant } from '../testing/fixtures';

async function openForm(routes: Record<string, FakeRoute> = {}, wants: Want[] = []) {
  const api = installFakeApi({
    'GET /me/wants': { body: wants },
    'POST /me/wants/seen': { body: {} },
    'POST /me/wants': (request) => ({ status: 201, body: makeWant(request.body as Partial<Want>) }),
    ...routes,
  });
  const queryClient = createTestQueryClient();
  seedSession(queryClient, { username: 'switchfan' });
  seedCategories(queryClient);
  const view = renderApp('/me/vault?tab=wants', queryClient);
  await view.user.click(await screen.findByRole('button', { name: 'Add a want' }));
  const dialog = await screen.findByRole('dialog', { name: 'New want' });
  return { ...view, api, dialog };
}

const submit = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Save want' });

describe('the want form', () => {
  it('offers keywords, the categories, the ships-to regions, a maximum price and the sale type', async () => {
    const { dialog } = await openForm();
    expect(within(dialog).getByRole('textbox', { name: 'Keywords' })).toHaveValue('');
    const categories = within(dialog).getByRole('group', { name: 'Categories' });
    expect(within(categories).getAllByRole('checkbox').map((box) => box.parentElement?.textContent)).toEqual([
      'Keyboards',
      'Keycaps',
      'Artisan',
      'Parts',
      'Accessories',
    ]);
    expect(within(within(dialog).getByRole('group', { name: 'Ships to' })).getAllByRole('checkbox')).toHaveLength(7);
    expect(within(dialog).getByRole('textbox', { name: 'Maximum price, shipping included' })).toHaveAttribute('inputmode', 'decimal');
    const saleType = within(dialog).getByRole('group', { name: 'Sale type' });
    expect(within(saleType).getByRole('radio', { name: 'Any' })).toBeChecked();
    expect(within(saleType).getByRole('radio', { name: 'Vendor Product' })).not.toBeChecked();
  });

  it('needs words or a category, and a price that is a price, before calling the server', async () => {
    const { dialog, user, api } = await openForm();
    await user.click(submit(dialog));
    const keywords = within(dialog).getByRole('textbox', { name: 'Keywords' });
    expect(await within(dialog).findByText('Enter some keywords or choose a category.')).toBeInTheDocument();
    expect(keywords).toHaveAttribute('aria-invalid', 'true');
    expect(keywords).toHaveFocus();

    await user.type(keywords, 'tofu65');
    const price = within(dialog).getByRole('textbox', { name: 'Maximum price, shipping included' });
    await user.type(price, '12.345');
    await user.click(submit(dialog));
    expect(await within(dialog).findByText('Maximum price must be a number')).toBeInTheDocument();
    expect(price).toHaveFocus();
    await user.clear(price);
    await user.type(price, '0');
    await user.click(submit(dialog));
    expect(await within(dialog).findByText('Maximum price must be more than $0')).toBeInTheDocument();
    expect(api.callsTo('POST /me/wants')).toHaveLength(0);
  });

  it('sends the want and closes; the list shows it', async () => {
    let saved: Want[] = [];
    const { dialog, user, api } = await openForm({
      'GET /me/wants': () => ({ body: saved }),
      'POST /me/wants': (request) => {
        saved = [makeWant({ ...(request.body as Partial<Want>), _id: 'w9' })];
        return { status: 201, body: saved[0] };
      },
    });
    await user.type(within(dialog).getByRole('textbox', { name: 'Keywords' }), '  tofu65   hhkb ');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Keyboards' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'United States' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Maximum price, shipping included' }), '300');
    await user.click(within(dialog).getByRole('radio', { name: 'Individual Sale' }));
    await user.click(submit(dialog));

    await waitFor(() => expect(api.callsTo('POST /me/wants')).toHaveLength(1));
    expect(api.callsTo('POST /me/wants')[0]?.body).toEqual({
      searchText: 'tofu65 hhkb',
      categoryIds: ['keyboards'],
      regions: ['US'],
      maxPrice: 300,
      saleTypeId: 'individual',
      specs: {},
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('heading', { level: 2, name: 'tofu65 hhkb' })).toBeInTheDocument();
  });

  it.each([
    [{ message: 'too_many_wants', max: 25 }, 'You can have up to 25 active wants. Pause or delete one first.'],
    [{ message: 'too_many_wants', max: 100 }, 'You can keep up to 100 wants. Delete one first.'],
    [{ message: 'invalid_filter', field: 'categoryIds' }, 'One of the chosen filters is no longer offered. Check the categories, regions and sale type.'],
    [{ message: 'something_went_wrong' }, 'Something went wrong. Please try again.'],
  ])('shows the refusal %j in the form', async (body, text) => {
    const { dialog, user } = await openForm({ 'POST /me/wants': { status: 400, body } });
    await user.type(within(dialog).getByRole('textbox', { name: 'Keywords' }), 'tofu65');
    await user.click(submit(dialog));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('dialog', { name: 'New want' })).toBeInTheDocument();
  });

  it('shows a refusal about the words or the price beside that field', async () => {
    const { dialog, user } = await openForm({ 'POST /me/wants': { status: 400, body: { message: 'field_required', field: 'searchText' } } });
    // Words the search ignores ('the') are no words: only the server knows.
    await user.type(within(dialog).getByRole('textbox', { name: 'Keywords' }), 'the');
    await user.click(submit(dialog));
    expect(await within(dialog).findByText('Enter some keywords or choose a category.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Keywords' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('edits a want with its values filled in, through PUT', async () => {
    const want = makeWant({ _id: 'w1', searchText: 'tofu65', categoryIds: ['keyboards'], regions: ['EU'], maxPrice: 250.5, saleTypeId: 'vendor' });
    const api = installFakeApi({
      'GET /me/wants': { body: [want] },
      'POST /me/wants/seen': { body: {} },
      'PUT /me/wants/w1': (request) => ({ body: { ...want, ...(request.body as Partial<Want>) } }),
    });
    const queryClient = createTestQueryClient();
    seedSession(queryClient, { username: 'switchfan' });
    seedCategories(queryClient);
    const { user } = renderApp('/me/vault?tab=wants', queryClient);
    await user.click(await screen.findByRole('button', { name: 'Edit tofu65' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit want' });
    expect(within(dialog).getByRole('textbox', { name: 'Keywords' })).toHaveValue('tofu65');
    expect(within(dialog).getByRole('checkbox', { name: 'Keyboards' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'European Union' })).toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: 'Maximum price, shipping included' })).toHaveValue('250.5');
    expect(within(dialog).getByRole('radio', { name: 'Vendor Product' })).toBeChecked();

    await user.clear(within(dialog).getByRole('textbox', { name: 'Maximum price, shipping included' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Any' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.callsTo('PUT /me/wants/w1')).toHaveLength(1));
    expect(api.callsTo('PUT /me/wants/w1')[0]?.body).toEqual({
      searchText: 'tofu65',
      categoryIds: ['keyboards'],
      regions: ['EU'],
      maxPrice: null,
      saleTypeId: null,
      specs: {},
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
