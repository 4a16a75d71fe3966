import { screen, waitFor, within } from '@testing-library/react';
import { REGIONS, type ChatMessage, type ItemDetail } from '@keeb/shared';
import { describe, expect, it } from 'vitest';
import { detailResponse, makeItem } from '../features/items/testing/fixtures';
import { installFakeApi } from '../test/fake-api';
import { installFakeSocket } from '../test/fake-socket';
import { createTestQueryClient, currentUrl, renderApp, seedCategories, seedSession } from '../test/render-app';

/** The item page as app/ composes it: Message Seller opens the chat feature's 'Send Message' modal (spec 2.9). */
async function renderItem(item: ItemDetail = makeItem(), { signedIn = true } = {}) {
  const socket = installFakeSocket();
  installFakeApi({
    [`GET /item/${item._id}`]: { body: detailResponse(item, { isLoggedIn: signedIn, isUserItem: false }) },
    'GET /me/region': { body: REGIONS.find((region) => region.code === 'US') ?? null },
    'GET /me/verified': { body: { didConfirmEmail: true } },
    'GET /me/notifications': { body: { numNewOffers: 0, numNewMessages: 0 } },
    'GET /items': { body: [] },
  });
  const queryClient = createTestQueryClient();
  seedSession(queryClient, signedIn ? { username: 'switchfan' } : undefined);
  seedCategories(queryClient);
  const view = renderApp(`/detail/${item._id}`, queryClient);
  await screen.findByRole('heading', { level: 1, name: item.name });
  return { ...view, socket };
}

const stored = (overrides: Partial<ChatMessage> = {}): ChatMessage => ({
  _id: 'm1',
  conversationId: 'c9',
  message: 'Is it still available?',
  item_id: 'i1',
  from: { _id: 'u1', username: 'switchfan' },
  ts: new Date().toISOString(),
  clientId: null,
  warning: null,
  ...overrides,
});

describe('item page: Send Message', () => {
  it('sends the trimmed message to the seller about this item, confirms it and links the conversation, staying on the item', async () => {
    const { user, router, socket } = await renderItem();
    const fake = await socket.ready();
    await user.click(screen.getByRole('button', { name: 'Message Seller' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Message' });
    const text = within(dialog).getByRole('textbox', { name: 'Message' });
    const send = within(dialog).getByRole('button', { name: 'Send' });
    // Spec 5: empty or only whitespace is not a message.
    expect(send).toBeDisabled();
    await user.type(text, '   ');
    expect(send).toBeDisabled();
    await user.clear(text);
    await user.type(text, '  Is it still available?  ');
    await user.click(send);

    await waitFor(() => expect(fake.sent).toHaveLength(1));
    const input = fake.sent[0]!.input;
    expect(input).toMatchObject({ toUserId: 'u2', itemId: 'i1', msg: 'Is it still available?' });
    expect(input.conversationId ?? null).toBeNull();
    expect(input.clientId).toEqual(expect.any(String));
    fake.sent[0]!.ack({ ok: true, message: stored({ clientId: input.clientId ?? null }) });

    expect(await within(dialog).findByText('Message sent to keyqueen.')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Continue in Chats' })).toHaveAttribute('href', '/chats/messages/c9');
    expect(currentUrl(router)).toBe('/detail/i1');
  });

  it('says why a message was not sent and keeps the text to try again', async () => {
    const { user, router, socket } = await renderItem();
    const fake = await socket.ready();
    await user.click(screen.getByRole('button', { name: 'Message Seller' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Message' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(fake.sent).toHaveLength(1));
    fake.sent[0]!.ack({ ok: false, error: 'user_not_found' });

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Not sent: this user no longer has an account.');
    expect(within(dialog).getByRole('textbox', { name: 'Message' })).toHaveValue('Hello');
    // Trying again resends the same message (same clientId: the server stores it once).
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(fake.sent).toHaveLength(2));
    expect(fake.sent[1]!.input.clientId).toBe(fake.sent[0]!.input.clientId);
    expect(currentUrl(router)).toBe('/detail/i1');
  });

  it('sends a visitor to /login and back', async () => {
    const { user, router } = await renderItem(makeItem(), { signedIn: false });
    await user.click(screen.getByRole('button', { name: 'Message Seller' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/login?returnUrl=%2Fdetail%2Fi1'));
    expect(screen.queryByRole('dialog', { name: 'Send Message' })).not.toBeInTheDocument();
  });
});
