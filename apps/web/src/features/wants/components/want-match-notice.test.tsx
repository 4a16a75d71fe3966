import { act, screen, waitFor, within } from '@testing-library/react';
import { NOTIFICATION_HIDE_MS, type WantMatchNotification } from '@keeb/shared';
import { describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '../../../test/fake-api';
import { installFakeSocket } from '../../../test/fake-socket';
import { createTestQueryClient, currentUrl, renderApp, seedCategories, seedSession } from '../../../test/render-app';
import { makeWant } from '../testing/fixtures';

function setup(path = '/about') {
  const api = installFakeApi({
    'GET /me/wants': { body: [makeWant({ _id: 'w1', searchText: 'tofu65' })] },
    'POST /me/wants/seen': { body: {} },
    'GET /me/wants/w1/matches': { body: [] },
  });
  const queryClient = createTestQueryClient();
  seedSession(queryClient, { username: 'switchfan' });
  seedCategories(queryClient);
  return { ...renderApp(path, queryClient), api };
}

const corner = () => screen.getByTestId('corner-notification');
const match: WantMatchNotification = {
  wantId: 'w1',
  label: 'tofu65',
  item: { _id: 'item-7', name: 'Tofu65 in navy', price: 149.5, thumbnail: '/uploads/@2x_tofu.jpg' },
};

describe('the want-match corner notification', () => {
  it("says 'New match for {want}' with the listing, links to it, and hides after 10 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const socket = installFakeSocket();
    const { user, router } = setup();
    await screen.findByRole('heading', { level: 1, name: 'About' });
    await (await socket.ready()).serverEmit('wantMatch', match);

    const notice = within(corner()).getByRole('link', { name: /New match for tofu65/ });
    expect(within(notice).getByText('New match for tofu65')).toBeInTheDocument();
    expect(notice).toHaveTextContent('Tofu65 in navy · $149.50');
    expect(notice).toHaveAttribute('href', '/detail/item-7');
    expect(within(notice).getByRole('presentation')).toHaveAttribute('src', '/uploads/@2x_tofu.jpg');
    expect(corner()).toHaveAttribute('aria-live', 'polite');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(NOTIFICATION_HIDE_MS + 100);
    });
    expect(within(corner()).queryByRole('link')).not.toBeInTheDocument();

    await (await socket.ready()).serverEmit('wantMatch', match);
    await user.click(within(corner()).getByRole('link', { name: /New match for tofu65/ }));
    await waitFor(() => expect(currentUrl(router)).toBe('/detail/item-7'));
    expect(within(corner()).queryByRole('link', { name: /New match/ })).not.toBeInTheDocument();
  });

  it('refreshes an open Wants tab and its matches', async () => {
    const socket = installFakeSocket();
    const { api, user } = setup('/me/vault?tab=wants');
    await user.click(await screen.findByRole('button', { name: 'Show matches tofu65' }));
    await waitFor(() => expect(api.callsTo('GET /me/wants/w1/matches')).toHaveLength(1));
    const wantsCalls = api.callsTo('GET /me/wants').length;

    await (await socket.ready()).serverEmit('wantMatch', match);
    await waitFor(() => expect(api.callsTo('GET /me/wants').length).toBe(wantsCalls + 1));
    await waitFor(() => expect(api.callsTo('GET /me/wants/w1/matches')).toHaveLength(2));
  });
});
