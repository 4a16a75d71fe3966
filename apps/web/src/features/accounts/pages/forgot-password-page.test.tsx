import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferredReply } from '../../../test/deferred';
import { installFakeApi, type FakeRoute } from '../../../test/fake-api';
import { createTestQueryClient, renderApp, seedCategories, seedSession } from '../../../test/render-app';

function setup() {
  const queryClient = createTestQueryClient();
  seedSession(queryClient);
  seedCategories(queryClient);
  return queryClient;
}

describe('forgot password', () => {
  async function renderForgot(routes: Record<string, FakeRoute> = {}) {
    const api = installFakeApi(routes);
    const view = renderApp('/forgot-password', setup());
    await screen.findByRole('heading', { level: 1, name: 'Forgot Password' });
    return { ...view, api };
  }
  const continueButton = () => screen.getByRole('button', { name: 'Continue' });

  it('checks the email is there, then formatted', async () => {
    const { user, api } = await renderForgot();
    const email = screen.getByLabelText('Email');
    await user.click(continueButton());
    expect(email).toHaveAccessibleDescription('Email required');
    expect(email).toHaveFocus();
    await user.type(email, '   ');
    await user.click(continueButton());
    expect(email).toHaveAccessibleDescription('Email required');
    await user.type(email, 'kq@example');
    await user.click(continueButton());
    expect(email).toHaveAccessibleDescription('Email formatting incorrect');
    expect(api.callsTo('POST /password/forgot')).toHaveLength(0);
  });

  it("sends the email lowercased and says 'Email sent!'", async () => {
    const { user, api } = await renderForgot({ 'POST /password/forgot': { body: { ok: true } } });
    await user.type(screen.getByLabelText('Email'), ' KQ@Example.com ');
    await user.click(continueButton());
    expect(await screen.findByRole('status')).toHaveTextContent('Email sent!');
    expect(api.callsTo('POST /password/forgot')[0]?.body).toEqual({ email: 'kq@example.com' });
  });

  it('disables Continue while the request is in flight', async () => {
    const reply = deferredReply();
    const { user, api } = await renderForgot({ 'POST /password/forgot': reply.route });
    await user.type(screen.getByLabelText('Email'), 'kq@example.com');
    await user.click(continueButton());
    await waitFor(() => expect(continueButton()).toBeDisabled());
    await user.click(continueButton());
    expect(api.callsTo('POST /password/forgot')).toHaveLength(1);
    reply.release();
    await screen.findByText('Email sent!');
    expect(continueButton()).toBeEnabled();
  });

  it.each([
    [404, { message: 'not_found' }, 'Email not found'],
    [418, { message: 'teapot' }, 'Very funny...'],
    [503, { message: 'Mail is down for maintenance' }, 'Mail is down for maintenance'],
    [500, { message: 'something_went_wrong' }, 'Something went wrong'],
  ])('answer %i %j shows %j', async (status, body, text) => {
    const { user } = await renderForgot({ 'POST /password/forgot': { status, body } });
    await user.type(screen.getByLabelText('Email'), 'kq@example.com');
    await user.click(continueButton());
    await screen.findByText(text);
    expect(screen.queryByText('Email sent!')).not.toBeInTheDocument();
  });
});
