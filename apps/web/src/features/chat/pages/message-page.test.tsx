import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGE_PAGE_SIZE, type ChatMessage, type ConversationSummary } from '@keeb/shared';
import { describe, expect, it } from 'vitest';
import { deferredReply } from '../../../test/deferred';
import { installFakeApi, type FakeRoute } from '../../../test/fake-api';
import { installFakeSocket } from '../../../test/fake-socket';
import { createTestQueryClient, currentUrl, renderApp, seedCategories, seedSession } from '../../../test/render-app';
import { ago, makeChatUser, makeConversation, makeMessage, makeMessagePage, makeNotification, VIEWER } from '../testing/fixtures';

const MINUTE = 60_000;

function setup(
  {
    messages = [makeMessage()],
    conversation = makeConversation(),
    path = '/chats/messages/c1',
    lastKey = null,
  }: { messages?: ChatMessage[]; conversation?: ConversationSummary; path?: string; lastKey?: string | null } = {},
  extra: Record<string, FakeRoute> = {},
) {
  const socket = installFakeSocket();
  const api = installFakeApi({
    'GET /me/messages': { body: { conversations: [conversation] } },
    'GET /me/notifications': { body: { numNewOffers: 0, numNewMessages: 0 } },
    'POST /message/c1': { body: makeMessagePage(messages, { lastKey, conversation }) },
    ...extra,
  });
  const queryClient = createTestQueryClient();
  seedSession(queryClient, { username: VIEWER.username });
  seedCategories(queryClient);
  return { ...renderApp(path, queryClient), api, socket };
}

const history = () => screen.getByRole('list', { name: 'Messages' });
const lines = () => within(history()).getAllByRole('listitem');
const input = () => screen.getByRole('textbox', { name: 'Message' });

describe('/chats/messages/{id}: the overlay', () => {
  it('shows the other user in the top bar, a close link, and the history oldest first with sender, Item Info and time', async () => {
    setup({
      messages: [
        makeMessage({ _id: 'm1', message: 'Is the Tofu still available?', from: VIEWER, item_id: 'i1', ts: ago(90 * MINUTE) }),
        makeMessage({ _id: 'm2', message: 'Yes it is', ts: ago(5 * MINUTE) }),
      ],
    });
    const dialog = await screen.findByRole('dialog', { name: 'keyqueen' });
    expect(within(dialog).getByRole('link', { name: 'keyqueen' })).toHaveAttribute('href', '/u/keyqueen');
    expect(within(dialog).getByRole('link', { name: 'Close' })).toHaveAttribute('href', '/chats');
    const [first, second] = await waitFor(() => {
      const found = lines();
      expect(found).toHaveLength(2);
      return found;
    });
    expect(first).toHaveTextContent('switchfan');
    expect(first).toHaveTextContent('Is the Tofu still available?');
    expect(first).toHaveTextContent('1h ago');
    expect(within(first as HTMLElement).getByRole('link', { name: 'Item Info' })).toHaveAttribute('href', '/detail/i1');
    expect(second).toHaveTextContent('keyqueen');
    expect(second).toHaveTextContent('5m ago');
    expect(within(second as HTMLElement).queryByRole('link', { name: 'Item Info' })).not.toBeInTheDocument();
  });

  it("hides the input when the other user is 'User Not Found'", async () => {
    setup({ conversation: makeConversation({ from: makeChatUser({ id: '', _id: '', username: 'User Not Found' }) }) });
    expect(await screen.findByRole('dialog', { name: 'User Not Found' })).toBeInTheDocument();
    await screen.findByText('Hello there');
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
  });

  it("loads older pages with 'Load previous messages' (sending lastKey), showing 'Loading...' meanwhile, above the newer ones", async () => {
    const newest = Array.from({ length: MESSAGE_PAGE_SIZE }, (_, i) => makeMessage({ _id: `n${i}`, message: `newer ${i}` }));
    const older = deferredReply();
    const { api, user } = setup({ messages: newest, lastKey: 'k15' }, {
      'POST /message/c1': (request) =>
        (request.body as { lastKey?: string }).lastKey ? older.route() : { body: makeMessagePage(newest, { lastKey: 'k15' }) },
    });
    const more = await screen.findByRole('button', { name: 'Load previous messages' });
    expect(api.callsTo('POST /message/c1').map((call) => call.body)).toEqual([{}]);
    await user.click(more);
    expect(await screen.findByRole('button', { name: 'Loading...' })).toBeDisabled();
    expect(api.callsTo('POST /message/c1').map((call) => call.body)).toEqual([{}, { lastKey: 'k15' }]);
    older.release({ body: makeMessagePage([makeMessage({ _id: 'o1', message: 'the very first' })], { lastKey: null }) });
    await screen.findByText('the very first');
    expect(lines()[0]).toHaveTextContent('the very first');
    expect(lines()).toHaveLength(MESSAGE_PAGE_SIZE + 1);
    // No lastKey: the start of the conversation, nothing more to load.
    expect(screen.queryByRole('button', { name: 'Load previous messages' })).not.toBeInTheDocument();
  });

  it("Enter sends the trimmed message over the socket, shows 'Sending...', and the echo replaces that line", async () => {
    const { user, socket } = setup();
    await screen.findByText('Hello there');
    const fake = await socket.ready();
    await user.type(input(), '  Would you take $150?  {Enter}');
    await waitFor(() => expect(fake.sent).toHaveLength(1));
    const sent = fake.sent[0]?.input;
    expect(sent).toMatchObject({ conversationId: 'c1', toUserId: 'u2', msg: 'Would you take $150?' });
    expect(sent?.itemId ?? null).toBeNull();
    expect(sent?.clientId).toEqual(expect.any(String));
    expect(input()).toHaveValue('');
    const pending = lines().at(-1) as HTMLElement;
    expect(pending).toHaveTextContent('Would you take $150?');
    expect(pending).toHaveTextContent('Sending...');

    const stored = makeMessage({ _id: 'm2', message: 'Would you take $150?', from: VIEWER, clientId: sent?.clientId ?? null, ts: new Date().toISOString() });
    await fake.serverEmit('msg', makeNotification(stored));
    expect(screen.queryByText('Sending...')).not.toBeInTheDocument();
    expect(within(history()).getAllByText('Would you take $150?')).toHaveLength(1);
    // The list behind the overlay follows too: the row's preview is the new message.
    const list = screen.getByRole('list', { name: 'Conversations' });
    expect(within(list).getByRole('link', { name: /keyqueen/ })).toHaveTextContent('Would you take $150?');
    expect(lines()).toHaveLength(2);
    // The late acknowledgement of the same message adds nothing.
    fake.sent[0]?.ack({ ok: true, message: stored });
    await waitFor(() => expect(lines()).toHaveLength(2));
  });

  it('Shift+Enter starts a new line; a blank message is not sent', async () => {
    const { user, socket } = setup();
    await screen.findByText('Hello there');
    const fake = await socket.ready();
    await user.type(input(), '   {Enter}');
    await user.type(input(), 'line one{Shift>}{Enter}{/Shift}line two');
    expect(input()).toHaveValue('   line one\nline two');
    expect(fake.sent).toHaveLength(0);
    await user.clear(input());
    await user.type(input(), '    ');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it("says 'Not sent.' when the server refuses, and Try again resends with the same clientId", async () => {
    const { user, socket } = setup();
    await screen.findByText('Hello there');
    const fake = await socket.ready();
    await user.type(input(), 'hello{Enter}');
    await waitFor(() => expect(fake.sent).toHaveLength(1));
    fake.sent[0]?.ack({ ok: false, error: 'too_many_requests' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Not sent: too many messages.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(fake.sent).toHaveLength(2));
    expect(fake.sent[1]?.input.clientId).toBe(fake.sent[0]?.input.clientId);
    expect(screen.getByText('Sending...')).toBeInTheDocument();
  });

  it("shows an order's notice as a notice with the way to the order, not as a message bubble", async () => {
    setup({
      messages: [
        makeMessage({ _id: 'm1', message: 'Is it still available?', from: VIEWER }),
        makeMessage({ _id: 'm2', message: 'Reported a problem with this order: Not received.', notice: { kind: 'problem_reported', orderId: 'o1' } }),
      ],
    });
    const notice = await screen.findByRole('note', { name: 'Order notice' });
    expect(notice).toHaveTextContent('Reported a problem with this order: Not received.');
    expect(within(notice).getByRole('link', { name: 'View order' })).toHaveAttribute('href', '/me/orders/o1');
    expect(screen.getAllByRole('note')).toHaveLength(1);
  });

  it('makes http(s) addresses links, keeps line breaks, and shows markup as text', async () => {
    setup({
      messages: [
        makeMessage({ message: 'Photos: https://imgur.com/a/tofu65\nsecond line\njavascript:alert(1) <img src=x onerror=alert(1)>' }),
      ],
    });
    const link = await screen.findByRole('link', { name: 'https://imgur.com/a/tofu65' });
    expect(link).toHaveAttribute('href', 'https://imgur.com/a/tofu65');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(link.getAttribute('rel')).toContain('noreferrer');
    expect(link.getAttribute('rel')).toContain('nofollow');
    const text = link.closest('p') as HTMLElement;
    expect(text.querySelectorAll('br')).toHaveLength(2);
    expect(text.querySelector('img')).toBeNull();
    expect(text).toHaveTextContent('<img src=x onerror=alert(1)>');
    expect(within(text).getAllByRole('link')).toHaveLength(1);
  });

  it('warns the recipient of a message that asks for payment outside checkout, with the help link', async () => {
    setup({
      messages: [
        makeMessage({
          _id: 'm1',
          message: 'Send it PayPal friends and family and I ship today',
          warning: { kind: 'off_platform_payment', matched: 'PayPal friends and family', helpPath: '/help/payment' },
        }),
        makeMessage({
          _id: 'm2',
          from: VIEWER,
          message: 'text me on whatsapp',
          warning: { kind: 'off_site_contact', matched: 'whatsapp', helpPath: '/help/payment' },
        }),
      ],
    });
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('Careful: this message asks for payment outside checkout.');
    expect(note).toHaveTextContent('Pay only through Purchase or Pay Now');
    expect(within(note).getByRole('link', { name: 'How payment works' })).toHaveAttribute('href', '/help/payment');
    // One's own flagged message carries no warning for oneself.
    expect(screen.getAllByRole('note')).toHaveLength(1);
  });

  it("shows the server's one-time checkout reminder to the sender, with the help link, until dismissed", async () => {
    const { user, socket } = setup();
    await screen.findByText('Hello there');
    const fake = await socket.ready();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    await fake.serverEmit('reminder', { helpPath: '/help/payment' });
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent('Reminder: on KeebMarket, payment goes through checkout (Purchase or Pay Now)');
    expect(within(note).getByRole('link', { name: 'How payment works' })).toHaveAttribute('href', '/help/payment');
    await user.click(within(note).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('keeps the newest message in view when the checkout reminder appears under the history', async () => {
    const { socket } = setup();
    await screen.findByText('Hello there');
    const fake = await socket.ready();
    // jsdom lays nothing out: the list reports a tall content and records where it is scrolled to.
    const list = history();
    let scrolledTo = 0;
    Object.defineProperty(list, 'scrollHeight', { configurable: true, get: () => 900 });
    Object.defineProperty(list, 'scrollTop', { configurable: true, get: () => scrolledTo, set: (value: number) => void (scrolledTo = value) });
    scrolledTo = 0;
    await fake.serverEmit('reminder', { helpPath: '/help/payment' });
    expect(screen.getByRole('note')).toBeInTheDocument();
    await waitFor(() => expect(scrolledTo).toBe(900));
  });

  it('warns about moving the talk off the site', async () => {
    setup({
      messages: [makeMessage({ warning: { kind: 'off_site_contact', matched: 'whatsapp', helpPath: '/help/payment' } })],
    });
    expect(await screen.findByRole('note')).toHaveTextContent('move the conversation off the site');
  });

  it.each([
    ['clicking outside', async (user: ReturnType<typeof setup>['user']) => user.click(screen.getByTestId('chat-backdrop'))],
    ['Escape', async (user: ReturnType<typeof setup>['user']) => user.keyboard('{Escape}')],
    ['the close link', async (user: ReturnType<typeof setup>['user']) => user.click(screen.getByRole('link', { name: 'Close' }))],
  ])('%s returns to /chats', async (_how, act) => {
    const { user, router } = setup();
    await screen.findByText('Hello there');
    await act(user);
    await waitFor(() => expect(currentUrl(router)).toBe('/chats'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a Report link sends the reason to the team', async () => {
    const { user, api } = setup({}, { 'POST /conversation/c1/report': { body: { ok: true } } });
    await screen.findByText('Hello there');
    await user.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Conversation' });
    await user.type(within(dialog).getByRole('textbox'), 'Asked for Zelle');
    await user.click(within(dialog).getByRole('button', { name: 'Send Report' }));
    expect(await within(dialog).findByText(/Our team will look into this conversation/)).toBeInTheDocument();
    expect(api.callsTo('POST /conversation/c1/report').map((call) => call.body)).toEqual([{ reason: 'Asked for Zelle' }]);
  });

  it("a conversation that cannot be read says so (not another user's conversation)", async () => {
    setup({}, { 'POST /message/c1': { status: 404, body: { message: 'not_found' } } });
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load this conversation.");
  });

  it('a message arriving in the open conversation is marked read (the newest page is read again) and the badges asked again', async () => {
    const { api, socket } = setup();
    await screen.findByText('Hello there');
    const fake = await socket.ready();
    const reads = api.callsTo('POST /message/c1').length;
    const counts = api.callsTo('GET /me/notifications').length;
    await fake.serverEmit('msg', makeNotification(makeMessage({ _id: 'm5', message: 'Just shipped it' })));
    expect(within(history()).getByText('Just shipped it')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST /message/c1').length).toBe(reads + 1));
    expect(api.callsTo('POST /message/c1').at(-1)?.body).toEqual({});
    await waitFor(() => expect(api.callsTo('GET /me/notifications').length).toBeGreaterThan(counts));
    // One's own message (from another tab) needs no read.
    await fake.serverEmit('msg', makeNotification(makeMessage({ _id: 'm6', from: VIEWER, message: 'Thanks!' })));
    expect(api.callsTo('POST /message/c1').length).toBe(reads + 1);
  });
});
