import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentUrl } from '../../../test/render-app';
import { detailResponse, makeItem } from '../testing/fixtures';
import { checkbox, expectRule, field, fillValid, renderForm, submitButton, VALID_PAYLOAD } from '../testing/listing-form';

/** Issue 29: the sell form's Specs section, through create, edit and duplicate. */
const specs = () => screen.getByRole('region', { name: 'Specs' });

describe('sell form: specs', { timeout: 20_000 }, () => {
  it("shows the chosen category's fields, labelled, with 'Not specified' choices", async () => {
    const { user } = await renderForm();
    expect(within(specs()).getByText('Choose a category to describe what you are selling.')).toBeInTheDocument();
    await user.selectOptions(field('Category'), 'keyboards');
    const size = within(specs()).getByLabelText('Size');
    expect(size).toHaveDisplayValue('Not specified');
    expect(within(size).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Not specified', '40%', '60%', '65%', '75%', 'TKL', '1800', 'Full size', 'Alice/ergonomic', 'Split', 'Numpad',
    ]);
    for (const label of ['Layout', 'Switch mounting', 'Mount style', 'Case material', 'Plate material', 'Connection', 'Built or unbuilt', 'Condition']) {
      expect(within(specs()).getByLabelText(label)).toBeInTheDocument();
    }
    const included = within(specs()).getByRole('group', { name: 'Included' });
    expect(within(included).getAllByRole('checkbox').map((box) => box.parentElement?.textContent)).toEqual(['Switches', 'Keycaps']);

    await user.selectOptions(field('Category'), 'parts');
    expect(within(specs()).queryByLabelText('Size')).not.toBeInTheDocument();
    expect(within(specs()).getByLabelText('Quantity')).toBeInTheDocument();
    const lubed = within(specs()).getByRole('group', { name: 'Lubed' });
    expect(within(lubed).getAllByRole('radio').map((radio) => radio.parentElement?.textContent)).toEqual(['Not specified', 'Yes', 'No']);
    expect(within(lubed).getByRole('radio', { name: 'Not specified' })).toBeChecked();
    // A part that is not switches has no switch specs.
    await user.selectOptions(within(specs()).getByLabelText('Kind'), 'stabilizers');
    expect(within(specs()).queryByLabelText('Switch type')).not.toBeInTheDocument();
    expect(within(specs()).queryByRole('group', { name: 'Lubed' })).not.toBeInTheDocument();
  });

  it('sends the specs with the listing, each as its kind', async () => {
    const { user, api, router } = await renderForm();
    await fillValid(user);
    await user.selectOptions(within(specs()).getByLabelText('Size'), '65%');
    await user.selectOptions(within(specs()).getByLabelText('Switch mounting'), 'hot-swap');
    await user.click(within(specs()).getByRole('checkbox', { name: 'Keycaps' }));
    await user.selectOptions(within(specs()).getByLabelText('Condition'), 'used-like-new');
    await user.click(submitButton());
    await waitFor(() => expect(currentUrl(router)).toBe('/detail/new1'));
    expect(api.callsTo('POST /item')[0]?.body).toEqual({
      ...VALID_PAYLOAD,
      specs: { size: '65%', mounting: 'hot-swap', includes: ['keycaps'], condition: 'used-like-new' },
    });
  });

  it('flags as booleans and a quantity as a number; changing the category drops what does not belong', async () => {
    const { user, api, router } = await renderForm();
    await fillValid(user);
    await user.selectOptions(within(specs()).getByLabelText('Size'), 'tkl');
    await user.selectOptions(within(specs()).getByLabelText('Condition'), 'used');
    await user.selectOptions(field('Category'), 'parts');
    await user.selectOptions(within(specs()).getByLabelText('Switch type'), 'linear');
    await user.type(within(specs()).getByLabelText('Quantity'), '70');
    await user.click(within(within(specs()).getByRole('group', { name: 'Lubed' })).getByRole('radio', { name: 'Yes' }));
    await user.click(within(within(specs()).getByRole('group', { name: 'Filmed' })).getByRole('radio', { name: 'No' }));
    await user.click(submitButton());
    await waitFor(() => expect(currentUrl(router)).toBe('/detail/new1'));
    expect(api.callsTo('POST /item')[0]?.body).toMatchObject({
      categoryId: 'parts',
      specs: { switchType: 'linear', quantity: 70, lubed: true, filmed: false, condition: 'used' },
    });
  });

  it('a quantity that is not a whole number is refused at its field before sending', async () => {
    const { user, api } = await renderForm();
    await fillValid(user);
    await user.selectOptions(field('Category'), 'parts');
    await user.type(within(specs()).getByLabelText('Quantity'), '7x');
    await user.click(submitButton());
    expectRule(within(specs()).getByLabelText('Quantity'), 'Quantity must be a whole number from 1 to 10,000');
    expect(api.callsTo('POST /item')).toHaveLength(0);
    await user.clear(within(specs()).getByLabelText('Quantity'));
    expect(within(specs()).getByLabelText('Quantity')).not.toHaveAttribute('aria-invalid');
  });

  it("shows the server's specs.<key> refusals at the field", async () => {
    const { user } = await renderForm('/sell', {
      'POST /item': { status: 400, body: { message: 'spec_not_in_category', field: 'specs.mounting' } },
    });
    await fillValid(user);
    await user.selectOptions(within(specs()).getByLabelText('Switch mounting'), 'solder');
    await user.click(submitButton());
    await waitFor(() => expect(within(specs()).getByLabelText('Switch mounting')).toHaveAttribute('aria-invalid', 'true'));
    expectRule(within(specs()).getByLabelText('Switch mounting'), 'Switch mounting does not apply to this category');
  });

  it('an invalid_spec on a group of boxes shows under the group and focuses its first box', async () => {
    const { user } = await renderForm('/sell', { 'POST /item': { status: 400, body: { message: 'invalid_spec', field: 'specs.includes' } } });
    await fillValid(user);
    await user.click(within(specs()).getByRole('checkbox', { name: 'Switches' }));
    await user.click(submitButton());
    const group = await screen.findByRole('group', { name: 'Included' });
    await waitFor(() => expect(group).toHaveAccessibleDescription('Choose one of the listed values for Included'));
    expect(checkbox('Switches')).toHaveFocus();
  });

  const owned = makeItem({
    paymentEmail: 'pay@example.com',
    specs: { size: '65%', mounting: 'hot-swap', includes: ['switches', 'keycaps'], condition: 'used' },
  });

  it('edit shows the stored specs and sends them back, changed', async () => {
    const { user, api, router } = await renderForm('/edit-item/i1', {
      'GET /item/i1/edit': { body: detailResponse(owned, { isUserItem: true }) },
      'PUT /item/i1': { body: { _id: 'i1' } },
    });
    expect(within(specs()).getByLabelText('Size')).toHaveDisplayValue('65%');
    expect(within(specs()).getByLabelText('Switch mounting')).toHaveDisplayValue('Hot-swap');
    expect(checkbox('Switches')).toBeChecked();
    expect(checkbox('Keycaps')).toBeChecked();
    await user.click(checkbox('Switches'));
    await user.selectOptions(within(specs()).getByLabelText('Size'), '');
    await user.click(submitButton());
    await waitFor(() => expect(currentUrl(router)).toBe('/detail/i1'));
    expect(api.callsTo('PUT /item/i1')[0]?.body).toMatchObject({ specs: { mounting: 'hot-swap', includes: ['keycaps'], condition: 'used' } });
  });

  it('duplicate starts from the copied listing’s specs', async () => {
    await renderForm('/duplicate-item/i1', { 'GET /item/i1/duplicate': { body: detailResponse(owned, { isUserItem: true }) } });
    expect(within(specs()).getByLabelText('Size')).toHaveDisplayValue('65%');
    expect(within(specs()).getByLabelText('Condition')).toHaveDisplayValue('Used');
  });
});
