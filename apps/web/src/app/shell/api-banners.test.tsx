import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '../../lib/browser';
import { installFakeApi } from '../../test/fake-api';
import { createTestQueryClient, renderApp, seedSession } from '../../test/render-app';

const NETWORK_TEXT = 'Hmmm...there appears to be an issue. Please try refreshing.';
const RATE_LIMIT_TEXT = "Whoa, slow down! You're making too many requests";

describe('network error banner', () => {
  it('appears when GET /categories gets no answer, and its button reloads the page', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    installFakeApi({
      'GET /categories': 'network-error',
      'GET /me/logged-in': { body: { isLoggedIn: false } },
      'GET /items': { body: [] },
    });
    const { user } = renderApp('/');

    const banner = (await screen.findByText(NETWORK_TEXT)).closest('[role="alert"]');
    expect(banner).not.toBeNull();
    expect(reload).not.toHaveBeenCalled();
    await user.click(within(banner as HTMLElement).getByRole('button', { name: 'Refresh' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('stays away when the categories call answers with an HTTP error', async () => {
    installFakeApi({
      'GET /categories': { status: 500, body: { message: 'something_went_wrong' } },
      'GET /me/logged-in': { body: { isLoggedIn: false } },
      'GET /items': { body: [] },
    });
    renderApp('/');
    expect(await screen.findByText(/No items for sale/)).toBeInTheDocument();
    expect(screen.queryByText(NETWORK_TEXT)).not.toBeInTheDocument();
  });

  it('stays away when another call fails without an answer', async () => {
    installFakeApi({
      'GET /me/logged-in': { body: { isLoggedIn: false } },
      'GET /categories': { body: { categories: [], saleTypes: [] } },
      'GET /items': 'network-error',
    });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Latest listings' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(NETWORK_TEXT)).not.toBeInTheDocument();
  });
});

describe('rate-limit banner', () => {
  it('appears when the session call answers 429 TooManyRequests, and can be dismissed', async () => {
    installFakeApi({
      'GET /me/logged-in': { status: 429, body: { code: 'TooManyRequests' } },
      'GET /categories': { body: { categories: [], saleTypes: [] } },
      'GET /items': { body: [] },
    });
    const { user } = renderApp('/');

    const text = await screen.findByText(RATE_LIMIT_TEXT);
    const banner = text.closest('[role="alert"]') as HTMLElement;
    await user.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(RATE_LIMIT_TEXT)).not.toBeInTheDocument();
  });

  it('appears when another /me call of a logged-in user is rate limited', async () => {
    installFakeApi({
      'GET /me': { status: 429, body: { code: 'TooManyRequests' } },
      'GET /categories': { body: { categories: [], saleTypes: [] } },
      'GET /items': { body: [] },
    });
    const queryClient = createTestQueryClient();
    seedSession(queryClient, { username: 'switchfan' });
    queryClient.removeQueries({ queryKey: ['session', 'profile-stats'] });
    renderApp('/', queryClient);

    expect(await screen.findByText(RATE_LIMIT_TEXT)).toBeInTheDocument();
  });

  it('appears when the rate-limited session call is a guard check before the shell has mounted', async () => {
    installFakeApi({
      'GET /me/logged-in': { status: 429, body: { code: 'TooManyRequests' } },
      'GET /categories': { body: { categories: [], saleTypes: [] } },
    });
    renderApp('/settings');

    expect(await screen.findByText(RATE_LIMIT_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
  });

  it('does not appear for a 429 on a call outside the session', async () => {
    installFakeApi({
      'GET /me/logged-in': { body: { isLoggedIn: false } },
      'GET /categories': { body: { categories: [], saleTypes: [] } },
      'GET /items': { status: 429, body: { code: 'TooManyRequests' } },
    });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Latest listings' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(RATE_LIMIT_TEXT)).not.toBeInTheDocument();
  });
});
