import { act, screen, waitFor, within } from '@testing-library/react';
import { NOTIFICATION_HIDE_MS, SOCKET_RETRY_MS, SOCKET_START_DELAY_MS } from '@keeb/shared';
import { describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../../lib/session';
import { installFakeApi } from '../../../test/fake-api';
import { FakeSocket, installFakeSocket } from '../../../test/fake-socket';
import { createTestQueryClient, currentUrl, renderApp, seedCategories, seedSession } from '../../../test/render-app';
import { makeConversation, makeMessage, makeMessagePage, makeNotification, VIEWER } from '../testing/fixtures';
import { configureRealtime } from './socket';

function setup(path = '/about', { signedIn = true }: { signedIn?: boolean } = {}) {
  const api = installFakeApi({
    'GET /me/messages': { body: { conversations: [makeConversation()] } },
    'GET /me/notifications': { body: { numNewOffers: 0, numNewMessages: 0 } },
    'POST /message/c1': { body: makeMessagePage([makeMessage()]) },
  });
  const queryClient = createTestQueryClient();
  seedSession(queryClient, signedIn ? { username: VIEWER.username } : undefined);
  seedCategories(queryClient);
  return { ...renderApp(path, queryClient), api };
}

const corner = () => screen.getByTestId('corner-notification');
const incoming = (conversationId = 'c2', text = 'Still interested in the Tofu?') =>
  makeNotification(makeMessage({ _id: `m-${conversationId}`, conversationId, message: text, from: { _id: 'u3', username: 'clackfan' } }));

describe('realtime: the corner notification', () => {
  it('shows the sender and text of a new message, then hides after 10 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const socket = installFakeSocket();
    setup();
    await screen.findByRole('heading', { level: 1, name: 'About' });
    const fake = await socket.ready();
    await fake.serverEmit('msg', incoming());
    const toast = within(corner()).getByRole('button', { name: /New message from clackfan/ });
    expect(toast).toHaveTextContent('Still interested in the Tofu?');
    expect(corner()).toHaveAttribute('aria-live', 'polite');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(NOTIFICATION_HIDE_MS - 500);
    });
    expect(within(corner()).getByRole('button', { name: /clackfan/ })).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(600);
    });
    expect(within(corner()).queryByRole('button')).not.toBeInTheDocument();
  });

  it('clicking it goes to /chats', async () => {
    const socket = installFakeSocket();
    const { user, router } = setup();
    await screen.findByRole('heading', { level: 1, name: 'About' });
    await (await socket.ready()).serverEmit('msg', incoming());
    await user.click(within(corner()).getByRole('button', { name: /clackfan/ }));
    await waitFor(() => expect(currentUrl(router)).toBe('/chats'));
    expect(within(corner()).queryByRole('button')).not.toBeInTheDocument();
  });

  it('stays quiet for the open conversation and for one’s own messages, not for another conversation', async () => {
    const socket = installFakeSocket();
    setup('/chats/messages/c1');
    await screen.findByText('Hello there');
    const fake = await socket.ready();
    await fake.serverEmit('msg', incoming('c1', 'In the open conversation'));
    const history = screen.getByRole('list', { name: 'Messages' });
    expect(await within(history).findByText('In the open conversation')).toBeInTheDocument();
    await fake.serverEmit('msg', makeNotification(makeMessage({ _id: 'm-own', conversationId: 'c3', from: VIEWER, message: 'From my other tab' })));
    expect(within(corner()).queryByRole('button')).not.toBeInTheDocument();
    await fake.serverEmit('msg', incoming('c2', 'Elsewhere'));
    expect(within(corner()).getByRole('button', { name: /clackfan/ })).toHaveTextContent('Elsewhere');
  });
});

describe('realtime: the connection', () => {
  it(`starts ${SOCKET_START_DELAY_MS} ms after a signed-in user is present, with the socket code loaded only then`, async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const sockets: FakeSocket[] = [];
    // The default start delay (the spec's 1 s); only the socket itself is fake.
    configureRealtime({
      connect: ({ userId }) => {
        const socket = new FakeSocket(userId);
        sockets.push(socket);
        return socket;
      },
    });
    setup();
    await screen.findByRole('heading', { level: 1, name: 'About' });
    expect(sockets).toHaveLength(0);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SOCKET_START_DELAY_MS);
    });
    expect(sockets).toHaveLength(1);
    expect(sockets[0]?.userId).toBe('u1');
  });

  it('opens nothing for a visitor', async () => {
    const socket = installFakeSocket();
    setup('/about', { signedIn: false });
    await screen.findByRole('heading', { level: 1, name: 'About' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(socket.sockets).toHaveLength(0);
  });

  it(`retries every ${SOCKET_RETRY_MS} ms after the server refused the connection`, async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const socket = installFakeSocket();
    setup();
    const fake = await socket.ready();
    fake.active = false;
    await fake.serverEmit('connect_error', new Error('unauthorized'));
    expect(fake.connectCalls).toBe(0);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SOCKET_RETRY_MS);
    });
    expect(fake.connectCalls).toBe(1);
  });

  it('closes the connection when the user logs out', async () => {
    const socket = installFakeSocket();
    const { queryClient } = setup();
    const fake = await socket.ready();
    await act(async () => {
      await clearSession(queryClient);
    });
    await waitFor(() => expect(fake.disconnected).toBe(true));
  });

  it('the tab keeps one socket while the user stays signed in (navigating opens no other)', async () => {
    const socket = installFakeSocket();
    const { router } = setup();
    await socket.ready();
    await act(async () => {
      await router.navigate('/chats');
    });
    await screen.findByRole('heading', { level: 1, name: 'My Messages' });
    expect(socket.sockets.filter((candidate) => !candidate.disconnected)).toHaveLength(1);
  });
});
