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

describe('reset password', () => {
  async function renderReset(routes: Record<string, FakeRoute>) {
    const api = installFakeApi(routes);
    const view = renderApp('/reset-password/tok-1', setup());
    await screen.findByRole('heading', { level: 1, name: 'Reset Password' });
    return { ...view, api };
  }
  const resetButton = () => screen.getByRole('button', { name: 'Reset' });

  it('says when the link is invalid or has expired', async () => {
    const { api } = await renderReset({ 'POST /password/tok-1/valid': { body: { valid: false } } });
    expect(await screen.findByText('Your reset password link is invalid or has expired.')).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(api.callsTo('POST /password/tok-1/valid')).toHaveLength(1);
  });

  it('checks the two fields in the spec order', async () => {
    const { user, api } = await renderReset({ 'POST /password/tok-1/valid': { body: { valid: true } } });
    const password = await screen.findByLabelText('New password');
    const confirmation = screen.getByLabelText('Confirm password');

    await user.click(resetButton());
    expect(password).toHaveAccessibleDescription(expect.stringContaining('Password required'));
    await user.type(password, 'short');
    await user.click(resetButton());
    expect(password).toHaveAccessibleDescription(expect.stringContaining('Password must be at least 8 characters'));
    await user.type(password, '-but-longer');
    await user.click(resetButton());
    expect(confirmation).toHaveAccessibleDescription('Confirm password required');
    expect(confirmation).toHaveFocus();
    await user.type(confirmation, 'short-but-longex');
    await user.click(resetButton());
    expect(confirmation).toHaveAccessibleDescription('Passwords must match');
    expect(api.callsTo('POST /password/tok-1/reset')).toHaveLength(0);
  });

  async function submitValid(user: Awaited<ReturnType<typeof renderReset>>['user']) {
    await user.type(await screen.findByLabelText('New password'), 'new-password-1');
    await user.type(screen.getByLabelText('Confirm password'), 'new-password-1');
    await user.click(resetButton());
  }

  it('resets the password and points to login', async () => {
    const { user, api } = await renderReset({
      'POST /password/tok-1/valid': { body: { valid: true } },
      'POST /password/tok-1/reset': { body: true },
    });
    await submitValid(user);
    expect(await screen.findByText(/Your password has been reset/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(api.callsTo('POST /password/tok-1/reset')[0]?.body).toEqual({ password: 'new-password-1' });
  });

  it.each([
    [200, false, 'Your password reset request has expired.'],
    [400, { message: 'invalid_password' }, 'Password must be at least 8 characters'],
    [500, { message: 'something_went_wrong' }, 'Something went wrong'],
  ])('answer %i %j shows %j', async (status, body, text) => {
    const { user } = await renderReset({
      'POST /password/tok-1/valid': { body: { valid: true } },
      'POST /password/tok-1/reset': { status, body },
    });
    await submitValid(user);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('disables Reset while the request is in flight', async () => {
    const reply = deferredReply();
    const { user, api } = await renderReset({
      'POST /password/tok-1/valid': { body: { valid: true } },
      'POST /password/tok-1/reset': reply.route,
    });
    await submitValid(user);
    await waitFor(() => expect(resetButton()).toBeDisabled());
    await user.click(resetButton());
    expect(api.callsTo('POST /password/tok-1/reset')).toHaveLength(1);
    reply.release({ body: true });
    expect(await screen.findByText(/Your password has been reset/)).toBeInTheDocument();
  });
});
