import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferredReply } from '../../../test/deferred';
import { installFakeApi, type FakeRoute } from '../../../test/fake-api';
import { createTestQueryClient, renderApp, seedCategories, seedSession } from '../../../test/render-app';

async function renderAbout(routes: Record<string, FakeRoute> = {}) {
  const api = installFakeApi(routes);
  const queryClient = createTestQueryClient();
  seedSession(queryClient);
  seedCategories(queryClient);
  const view = renderApp('/about', queryClient);
  await screen.findByRole('heading', { level: 1, name: 'About' });
  const contact = screen.getByRole('region', { name: 'Contact Us' });
  return { ...view, api, contact };
}

describe('about page', () => {
  it('links to help and selling and shows the contact form under Contact Us', async () => {
    const { contact } = await renderAbout();
    expect(screen.getByRole('link', { name: 'Sell an item' })).toHaveAttribute('href', '/sell');
    expect(screen.getByRole('link', { name: 'Visit Help' })).toHaveAttribute('href', '/help');
    expect(within(contact).getByRole('heading', { level: 2, name: 'Contact Us' })).toBeInTheDocument();
    expect(within(contact).getByRole('button', { name: 'Send Message' })).toBeInTheDocument();
  });
});

describe('contact form', () => {
  it('checks email, its format, the reason and the message, in that order', async () => {
    const { user, api, contact } = await renderAbout();
    const send = within(contact).getByRole('button', { name: 'Send Message' });
    const expectRule = async (label: string, text: string) => {
      await user.click(send);
      const field = within(contact).getByLabelText(label);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(text);
      expect(field).toHaveFocus();
    };

    await expectRule('Your email', 'Email required');
    await user.type(within(contact).getByLabelText('Your email'), 'kq@');
    await expectRule('Your email', 'Please enter a valid email');
    await user.type(within(contact).getByLabelText('Your email'), 'example.com');
    await expectRule('Reason', 'Please enter a reason');
    await user.selectOptions(within(contact).getByLabelText('Reason'), 'Feedback');
    await expectRule('Message', 'Please enter a message');
    await user.type(within(contact).getByLabelText('Message'), '   ');
    await expectRule('Message', 'Please enter a message');
    expect(api.callsTo('POST /contact')).toHaveLength(0);
  });

  it('sends email, reason and message, disabled while in flight, then thanks and clears the form', async () => {
    const reply = deferredReply();
    const { user, api, contact } = await renderAbout({ 'POST /contact': reply.route });
    await user.type(within(contact).getByLabelText('Your email'), 'kq@example.com');
    await user.selectOptions(within(contact).getByLabelText('Reason'), 'Account help');
    await user.type(within(contact).getByLabelText('Message'), 'I cannot change my avatar.');
    const send = within(contact).getByRole('button', { name: 'Send Message' });
    await user.click(send);

    await waitFor(() => expect(send).toBeDisabled());
    await user.click(send);
    expect(api.callsTo('POST /contact')).toHaveLength(1);
    reply.release();
    expect(await within(contact).findByRole('status')).toHaveTextContent("Thanks for reaching out! We'll reply by email.");
    expect(api.callsTo('POST /contact')[0]?.body).toEqual({
      email: 'kq@example.com',
      reason: 'Account help',
      message: 'I cannot change my avatar.',
    });
    expect(within(contact).getByLabelText('Message')).toHaveValue('');
  });

  it('holds at most 5,000 characters of message and shows the API limit when it answers too_long', async () => {
    const { user, contact } = await renderAbout({ 'POST /contact': { status: 400, body: { message: 'too_long', field: 'message' } } });
    expect(within(contact).getByLabelText('Message')).toHaveAttribute('maxLength', '5000');
    await user.type(within(contact).getByLabelText('Your email'), 'kq@example.com');
    await user.selectOptions(within(contact).getByLabelText('Reason'), 'Other');
    await user.type(within(contact).getByLabelText('Message'), 'Hello');
    await user.click(within(contact).getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(within(contact).getByLabelText('Message')).toHaveAccessibleDescription(expect.stringContaining('Messages cannot be more than 5,000 characters')));
  });

  it('says when sending failed', async () => {
    const { user, contact } = await renderAbout({ 'POST /contact': { status: 500, body: { message: 'boom' } } });
    await user.type(within(contact).getByLabelText('Your email'), 'kq@example.com');
    await user.selectOptions(within(contact).getByLabelText('Reason'), 'Other');
    await user.type(within(contact).getByLabelText('Message'), 'Hello');
    await user.click(within(contact).getByRole('button', { name: 'Send Message' }));
    expect(await within(contact).findByRole('alert')).toHaveTextContent('Something went wrong');
  });
});
