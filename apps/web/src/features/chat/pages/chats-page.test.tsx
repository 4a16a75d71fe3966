import { screen, waitFor, within } from '@testing-library/react';
import type { ConversationSummary, MessagePage } from '@keeb/shared';
import { describe, expect, it } from 'vitest';
import { sessionKeys } from '../../../lib/session';
import { installFakeApi, type FakeRoute } from '../../../test/fake-api';
import { installFakeSocket } from '../../../test/fake-socket';
import { createTestQueryClient, currentUrl, renderApp, seedCategories, seedSession } from '../../../test/render-app';
import { ago, makeChatUser, makeConversation, makeMessage, makeMessagePage, makeNotification } from '../testing/fixtures';

const MINUTE = 60_000;

function setup(
  { conversations = [], path = '/chats', newMessages = 0 }: { conversations?: ConversationSummary[]; path?: string; newMessages?: number } = {},
  extra: Record<string, FakeRoute> = {},
) {
  const socket = installFakeSocket();
  const api = installFakeApi({
    'GET /me/messages': { body: { conversations } },
    'GET /me/notifications': { body: { numNewOffers: 0, numNewMessages: 0 } },
    ...extra,
  });
  const queryClient = createTestQueryClient();
  seedSession(queryClient, { username: 'switchfan', counts: { numNewOffers: 0, numNewMessages: newMessages } });
  seedCategories(queryClient);
  return { ...renderApp(path, queryClient), api, socket };
}

const list = () => screen.getByRole('list', { name: 'Conversations' });
const rowNames = () =>
  within(list())
    .getAllByRole('link')
    .map((link) => link.querySelector('span span span')?.textContent);

describe('/chats: the list', () => {
  it("says 'No Messages' when there are none", async () => {
    setup();
    expect(await screen.findByText('No Messages')).toBeInTheDocument();
  });

  it('shows each conversation: avatar, username, time since the last change, preview and the unread dot', async () => {
    setup({
      conversations: [
        makeConversation({ _id: 'c1', lastModified: ago(5 * MINUTE), lastMessage: 'Still have the Tofu?', isRead: false }),
        makeConversation({
          _id: 'c2',
          from: makeChatUser({ id: 'u3', _id: 'u3', username: 'clackfan', avatar: '/uploads/avatars/cf.jpg' }),
          lastModified: ago(3 * 60 * MINUTE),
          lastMessage: 'Thanks!',
        }),
      ],
    });
    const first = await screen.findByRole('link', { name: /keyqueen/ });
    expect(first).toHaveAttribute('href', '/chats/messages/c1');
    expect(first).toHaveTextContent('5m ago');
    expect(first).toHaveTextContent('Still have the Tofu?');
    expect(within(first).getByText('(unread)')).toBeInTheDocument();
    const second = screen.getByRole('link', { name: /clackfan/ });
    expect(second).toHaveTextContent('3h ago');
    expect(second.querySelector('img')).toHaveAttribute('src', '/uploads/avatars/cf.jpg');
    expect(within(second).queryByText('(unread)')).not.toBeInTheDocument();
  });

  it("shows a removed account as 'User Not Found'", async () => {
    setup({ conversations: [makeConversation({ from: makeChatUser({ id: '', _id: '', username: 'User Not Found' }) })] });
    expect(await screen.findByRole('link', { name: /User Not Found/ })).toBeInTheDocument();
  });

  it('resets the new-messages badge: the counts are asked for again once the list has arrived', async () => {
    const { api, queryClient } = setup({ newMessages: 3, conversations: [makeConversation()] });
    await screen.findByRole('link', { name: /keyqueen/ });
    await waitFor(() => expect(api.callsTo('GET /me/notifications').length).toBeGreaterThan(0));
    await waitFor(() =>
      expect(queryClient.getQueryData(sessionKeys.notificationCounts)).toEqual({ numNewOffers: 0, numNewMessages: 0 }),
    );
    expect(screen.queryByText(/3 new messages/)).not.toBeInTheDocument();
  });

  it('a `msg` updates the row (last message, time, unread) and moves it to the top', async () => {
    const { socket } = setup({
      conversations: [
        makeConversation({ _id: 'c2', from: makeChatUser({ id: 'u3', _id: 'u3', username: 'clackfan' }), lastModified: ago(MINUTE) }),
        makeConversation({ _id: 'c1', lastModified: ago(60 * MINUTE), lastMessage: 'Old news' }),
      ],
    });
    await screen.findByRole('link', { name: /clackfan/ });
    expect(rowNames()).toEqual(['clackfan', 'keyqueen']);
    await (await socket.ready()).serverEmit('msg', makeNotification(makeMessage({ _id: 'm9', conversationId: 'c1', message: 'Deal at $150?', ts: new Date().toISOString() })));
    expect(rowNames()).toEqual(['keyqueen', 'clackfan']);
    const row = screen.getByRole('link', { name: /keyqueen/ });
    expect(row).toHaveTextContent('Deal at $150?');
    expect(row).toHaveTextContent('now');
    expect(within(row).getByText('(unread)')).toBeInTheDocument();
  });

  it('a `msg` for a conversation the list does not hold asks for the list again', async () => {
    const { socket, api } = setup({ conversations: [makeConversation()] });
    await screen.findByRole('link', { name: /keyqueen/ });
    const before = api.callsTo('GET /me/messages').length;
    await (await socket.ready()).serverEmit('msg', makeNotification(makeMessage({ conversationId: 'c-new' })));
    await waitFor(() => expect(api.callsTo('GET /me/messages').length).toBe(before + 1));
  });

  it('`counts` sets the badges', async () => {
    const { socket } = setup({ conversations: [makeConversation()] });
    await screen.findByRole('link', { name: /keyqueen/ });
    await (await socket.ready()).serverEmit('counts', { numNewOffers: 0, numNewMessages: 12, numNewWantMatches: 0, numOrdersToAct: 0, numNewTrades: 0 });
    expect((await screen.findAllByText('(10+ new messages)')).length).toBeGreaterThan(0);
  });

  it('after a reconnect the chat queries and the counts are asked for again', async () => {
    const { socket, api } = setup({ conversations: [makeConversation()] });
    await screen.findByRole('link', { name: /keyqueen/ });
    const fake = await socket.ready();
    await fake.serverEmit('connect');
    const lists = api.callsTo('GET /me/messages').length;
    const counts = api.callsTo('GET /me/notifications').length;
    await fake.serverEmit('disconnect', 'transport close');
    await fake.serverEmit('connect');
    await waitFor(() => expect(api.callsTo('GET /me/messages').length).toBeGreaterThan(lists));
    await waitFor(() => expect(api.callsTo('GET /me/notifications').length).toBeGreaterThan(counts));
  });

  it('clicking a conversation marks it read and opens messages/{id}', async () => {
    const page: MessagePage = makeMessagePage([makeMessage()]);
    const { user, router } = setup({ conversations: [makeConversation({ isRead: false })] }, { 'POST /message/c1': { body: page } });
    const row = await screen.findByRole('link', { name: /keyqueen/ });
    await user.click(row);
    await waitFor(() => expect(currentUrl(router)).toBe('/chats/messages/c1'));
    expect(await screen.findByRole('dialog', { name: 'keyqueen' })).toBeInTheDocument();
    // The row, by its address: once the dialog is open its top bar links 'keyqueen' too.
    const opened = screen.getAllByRole('link', { name: /keyqueen/, hidden: true }).find((link) => link.getAttribute('href') === '/chats/messages/c1');
    expect(opened).toBeDefined();
    expect(within(opened!).queryByText('(unread)')).not.toBeInTheDocument();
  });
});

describe('new-message badges (spec part 1: red dots and counts, 10+ above 9)', () => {
  it("the navbar's avatar dot, the avatar menu's Chats and the phone toolbar's Chats read '10+' for 12 new messages", async () => {
    installFakeApi({ 'GET /items': { body: [] }, 'GET /me/notifications': { body: { numNewOffers: 0, numNewMessages: 12 } } });
    const queryClient = createTestQueryClient();
    seedSession(queryClient, { username: 'switchfan', counts: { numNewOffers: 0, numNewMessages: 12 } });
    seedCategories(queryClient);
    const { user } = renderApp('/about', queryClient);
    await screen.findByRole('heading', { level: 1, name: 'About' });
    const header = screen.getByRole('banner');
    const trigger = within(header).getByRole('button', { name: /Account menu/ });
    expect(within(trigger).getByText('(new messages, offers, want matches or orders to act on)')).toBeInTheDocument();
    await user.click(trigger);
    const chats = within(header).getByRole('link', { name: /^Chats/ });
    expect(within(chats).getByText('10+')).toBeInTheDocument();
    const toolbar = screen.getByRole('navigation', { name: 'Main toolbar' });
    expect(within(within(toolbar).getByRole('link', { name: /^Chats/ })).getByText('10+')).toBeInTheDocument();
  });

  it('9 new messages still read 9', async () => {
    installFakeApi({ 'GET /me/notifications': { body: { numNewOffers: 0, numNewMessages: 9 } } });
    const queryClient = createTestQueryClient();
    seedSession(queryClient, { username: 'switchfan', counts: { numNewOffers: 0, numNewMessages: 9 } });
    seedCategories(queryClient);
    renderApp('/about', queryClient);
    await screen.findByRole('heading', { level: 1, name: 'About' });
    const toolbar = screen.getByRole('navigation', { name: 'Main toolbar' });
    expect(within(toolbar).getByRole('link', { name: /^Chats/ })).toHaveTextContent('9');
  });
});
