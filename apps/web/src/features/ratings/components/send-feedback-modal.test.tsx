import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeRoute } from '../../../test/fake-api';
import { renderInRouter } from '../../../test/render-app';
import { SendFeedbackModal } from './send-feedback-modal';

const ITEM = { _id: '6f1c1c1e-0000-4000-8000-000000000001', name: 'Tofu65 Aluminium', sellerId: { _id: '6f1c1c1e-0000-4000-8000-0000000000a2' } };
const STORED = { _id: 'r1', sellerId: ITEM.sellerId._id, itemId: ITEM._id, description: 3, communication: 3, shipping: 3, comment: '', createdAt: '2026-01-01T00:00:00.000Z' };

async function renderModal(routes: Record<string, FakeRoute> = {}) {
  const api = installFakeApi({ 'POST /user/feedback': { body: STORED }, ...routes });
  const onSent = vi.fn();
  const onClose = vi.fn();
  const view = renderInRouter(<SendFeedbackModal open item={ITEM} onClose={onClose} onSent={onSent} />);
  const dialog = await screen.findByRole('dialog', { name: 'Send Feedback' });
  return { ...view, api, onSent, onClose, dialog };
}

describe('Send Feedback', () => {
  it('starts each score at 3 and sends them as numbers with the item, its seller and the trimmed comment', async () => {
    const { dialog, user, api, onSent } = await renderModal();
    for (const label of ['Description', 'Communication', 'Shipping']) expect(within(dialog).getByLabelText(label)).toHaveValue('3');
    expect(within(dialog).getByRole('combobox', { name: 'Description' }).querySelectorAll('option')).toHaveLength(5);

    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(api.callsTo('POST /user/feedback')[0]?.body).toEqual({
      sellerId: ITEM.sellerId._id,
      itemId: ITEM._id,
      description: 3,
      communication: 3,
      shipping: 3,
      comment: '',
    });
    expect(onSent).toHaveBeenCalledWith(STORED);
  });

  it('sends the scores and comment the buyer chose', async () => {
    const { dialog, user, api } = await renderModal();
    await user.selectOptions(within(dialog).getByLabelText('Description'), '5');
    await user.selectOptions(within(dialog).getByLabelText('Communication'), '1');
    await user.selectOptions(within(dialog).getByLabelText('Shipping'), '4');
    const comment = within(dialog).getByLabelText('Comment (optional)');
    expect(comment).toHaveAttribute('maxLength', '1000');
    await user.type(comment, '  Great board, slow replies.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(api.callsTo('POST /user/feedback')[0]?.body).toMatchObject({ description: 5, communication: 1, shipping: 4, comment: 'Great board, slow replies.' });
  });

  it.each([
    ['already_rated', 409, 'You have already left feedback for this item.'],
    ['forbidden', 403, 'Only the buyer of this item can leave feedback.'],
    ['something_went_wrong', 500, 'Something went wrong. Please try again.'],
  ])('%s keeps the dialog open with its text', async (message, status, text) => {
    const { dialog, user, onSent } = await renderModal({ 'POST /user/feedback': { status, body: { message } } });
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText(text)).toBeInTheDocument();
    expect(onSent).not.toHaveBeenCalled();
  });
});
