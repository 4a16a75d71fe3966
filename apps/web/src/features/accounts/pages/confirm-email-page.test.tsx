import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferredReply } from '../../../test/deferred';
import { installFakeApi } from '../../../test/fake-api';
import { createTestQueryClient, renderApp, seedCategories, seedSession } from '../../../test/render-app';

function setup() {
  const queryClient = createTestQueryClient();
  seedSession(queryClient);
  seedCategories(queryClient);
  return queryClient;
}

describe('confirm email', () => {
  it("shows 'Checking...' then the success text, and reloads the session", async () => {
    const reply = deferredReply();
    const api = installFakeApi({
      'POST /confirm-email': reply.route,
      'GET /me/logged-in': { body: { isLoggedIn: false } },
    });
    renderApp('/confirm-email/tok-9', setup());
    expect(await screen.findByText('Checking...')).toBeInTheDocument();
    reply.release({ body: true });
    expect(await screen.findByText('Thanks! Your email is confirmed. You can now buy and sell.')).toBeInTheDocument();
    expect(api.callsTo('POST /confirm-email')).toEqual([expect.objectContaining({ body: { token: 'tok-9' } })]);
    await waitFor(() => expect(api.callsTo('GET /me/logged-in').length).toBeGreaterThan(0));
  });

  it.each([
    [200, false],
    [400, { message: 'invalid_token' }],
  ])('an invalid link (%i %j) points to settings to resend', async (status, body) => {
    installFakeApi({ 'POST /confirm-email': { status, body } });
    renderApp('/confirm-email/tok-9', setup());
    const message = await screen.findByText(/This confirmation link is invalid or has expired/);
    expect(message).toHaveTextContent('Go to Settings to resend a verification link.');
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
  });

  it('says what the spec says when the check fails', async () => {
    installFakeApi({ 'POST /confirm-email': { status: 500, body: { message: 'something_went_wrong' } } });
    renderApp('/confirm-email/tok-9', setup());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Something went wrong.  Please try again.');
  });
});
