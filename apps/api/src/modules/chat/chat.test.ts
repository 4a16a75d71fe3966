import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGE_PAGE_SIZE, type ChatMessage, type ConversationSummary, type MessagePage, type NotificationCounts } from '@keeb/shared';
import { conversationParticipants, conversations, messages, users } from '../../db/schema/index';
import { useTestApp, type TestClient } from '../../test/app';
import { createItem, createUser } from '../../test/factories';
import { readOutbox } from '../../test/outbox';
import { collect, sendMessage, useRealtime } from '../../test/realtime';
import { realtimeHubOf } from '../../realtime/hub';
import { SESSION_RECHECK_MS } from './socket';

const t = useTestApp();
const rt = useRealtime(t);

async function member(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.db.db, { emailConfirmedAt: new Date(), ...overrides });
  const client = await t.clientAs(user.id);
  return { user, client, socket: () => rt.open(client.cookie) };
}
type Member = Awaited<ReturnType<typeof member>>;

const page = async (who: Member, conversationId: string, lastKey?: string | null) => (await who.client.post(`/api/message/${conversationId}`, lastKey ? { lastKey } : {})).body as MessagePage;
const list = async (who: Member) => (await who.client.get('/api/me/messages')).body.conversations as ConversationSummary[];
const counts = async (who: Member) => (await who.client.get('/api/me/notifications')).body as NotificationCounts;
const messageRows = () => t.db.db.select().from(messages);

/** A conversation between two members with `n` messages from a to b (through the service's socket path). */
async function chatWith(a: Member, b: Member, n: number, text = (i: number) => `message ${i}`) {
  const socket = await a.socket();
  let conversationId = '';
  for (let i = 0; i < n; i++) {
    const ack = await sendMessage(socket, conversationId ? { conversationId, msg: text(i) } : { toUserId: b.user.id, msg: text(i) });
    if (!ack.ok) throw new Error(ack.error);
    conversationId = ack.message.conversationId;
  }
  return { socket, conversationId };
}

describe('sendMessage', () => {
  it('stores the message from the session user, emits msg to both users and acknowledges the sender', async () => {
    const [a, b] = [await member(), await member()];
    const item = await createItem(t.db.db, b.user.id);
    const [sa, sb] = [await a.socket(), await b.socket()];
    // A third user's socket claiming to be b in the spec's userId query: it is the third user's, and hears nothing.
    const c = await member();
    const forged = await rt.open(c.client.cookie, { query: { userId: b.user.id } });
    const [gotA, gotB, countsB, gotForged] = [collect(sa, 'msg'), collect(sb, 'msg'), collect(sb, 'counts'), collect(forged, 'msg')];
    // fromUserId and username are the spec client's: never believed.
    const ack = await sendMessage(sa, { toUserId: b.user.id, fromUserId: b.user.id, username: b.user.username, itemId: item.id, msg: '  Is it still available?\n ', clientId: 'c-1' });
    expect(ack).toEqual({
      ok: true,
      message: { _id: expect.any(String), conversationId: expect.any(String), message: 'Is it still available?', item_id: item.id, from: { _id: a.user.id, username: a.user.username }, ts: expect.any(String), clientId: 'c-1', warning: null },
    });
    if (!ack.ok) return;
    const expected = { msg: 'Is it still available?', from: { id: a.user.id, username: a.user.username }, conversationId: ack.message.conversationId, message: ack.message };
    await expect.poll(() => gotB).toEqual([expected]);
    await expect.poll(() => gotA).toEqual([expected]);
    await expect.poll(() => countsB.at(-1)).toEqual({ numNewOffers: 0, numNewMessages: 1, numNewWantMatches: 0, numOrdersToAct: 0, numNewTrades: 0 });
    expect(gotForged).toEqual([]);
    const [row] = await messageRows();
    expect(row).toMatchObject({ senderId: a.user.id, body: 'Is it still available?', itemId: item.id, clientId: 'c-1' });
  });

  it('a retry with the same clientId stores one message and acknowledges the same one', async () => {
    const [a, b] = [await member(), await member()];
    const socket = await a.socket();
    const first = await sendMessage(socket, { toUserId: b.user.id, msg: 'hello', clientId: 'retry-1' });
    const again = await sendMessage(socket, { toUserId: b.user.id, msg: 'hello', clientId: 'retry-1' });
    const byId = first.ok ? await sendMessage(socket, { conversationId: first.message.conversationId, msg: 'hello', clientId: 'retry-1' }) : first;
    expect(first.ok).toBe(true);
    expect(again).toEqual(first);
    expect(byId).toEqual(first);
    expect(await messageRows()).toHaveLength(1);
    expect((await list(b))[0]).toMatchObject({ lastMessage: 'hello', isRead: false });
    expect((await t.db.db.select().from(conversationParticipants).where(eq(conversationParticipants.userId, b.user.id)))[0]?.unread).toBe(1);
  });

  it('refuses blank, too long, self, removed recipients, unknown items and non-participants, storing nothing', async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    const gone = await member({ removedAt: new Date() });
    const { conversationId } = await chatWith(a, b, 1);
    const before = (await messageRows()).length;
    const intruder = await c.socket();
    const gotIntruder = collect(intruder, 'msg');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ toUserId: b.user.id, msg: '   ' }, 'message_empty'],
      [{ toUserId: b.user.id }, 'message_empty'],
      [{ toUserId: b.user.id, msg: 'x'.repeat(2001) }, 'message_too_long'],
      [{ toUserId: c.user.id, msg: 'me' }, 'message_self'],
      [{ toUserId: gone.user.id, msg: 'hi' }, 'user_not_found'],
      [{ toUserId: '00000000-0000-4000-8000-000000000000', msg: 'hi' }, 'user_not_found'],
      [{ toUserId: b.user.id, msg: 'hi', itemId: '00000000-0000-4000-8000-000000000000' }, 'invalid_input'],
      [{ msg: 'hi' }, 'invalid_input'],
      [{ toUserId: 'not-a-uuid', msg: 'hi' }, 'not_found'],
      [{ conversationId, msg: 'let me in' }, 'not_found'],
      [{ conversationId: '00000000-0000-4000-8000-000000000000', msg: 'hi' }, 'not_found'],
      [{ toUserId: b.user.id, msg: 'nul\u0000' }, 'invalid_input'],
    ];
    for (const [input, error] of cases) expect([input, await sendMessage(intruder, input)]).toEqual([input, { ok: false, error }]);
    // Not an object at all.
    expect(await intruder.timeout(5000).emitWithAck('sendMessage', 'hello' as never)).toEqual({ ok: false, error: 'invalid_input' });
    expect(await messageRows()).toHaveLength(before);
    expect(gotIntruder).toEqual([]);
  });

  it(`a socket whose session ended behind its back sends nothing once it reads the session again (${SESSION_RECHECK_MS / 1000} s)`, async () => {
    const [a, b] = [await member(), await member()];
    const socket = await a.socket();
    // Logout closes the session's sockets (realtime/socket.test.ts); a session removed otherwise is caught at the
    // first send after the socket's trust in it lapses.
    await t.db.db.execute(sql`delete from sessions`);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + SESSION_RECHECK_MS + 1000);
      expect(await sendMessage(socket, { toUserId: b.user.id, msg: 'still here?' })).toEqual({ ok: false, error: 'unauthorized' });
    } finally {
      vi.useRealTimers();
    }
    expect(await messageRows()).toEqual([]);
  });

  it('a socket reads its session again only after a while, not before every message', async () => {
    const [a, b] = [await member(), await member()];
    const socket = await a.socket();
    await t.db.db.execute(sql`delete from sessions`);
    // Within the window the session read at the handshake stands (logout would have closed the socket).
    expect(await sendMessage(socket, { toUserId: b.user.id, msg: 'quick reply' })).toMatchObject({ ok: true });
  });

  it('limits messages per user per minute', async () => {
    const [a, b] = [await member(), await member()];
    const { socket, conversationId } = await chatWith(a, b, 30);
    expect(await sendMessage(socket, { conversationId, msg: 'one too many' })).toEqual({ ok: false, error: 'too_many_requests' });
    expect(await messageRows()).toHaveLength(30);
  });
});

describe('history and read state', () => {
  it('pages 47 messages by 15 with lastKey, oldest first in a page, never skipping or repeating (ties on time too)', async () => {
    const [a, b] = [await member(), await member()];
    const { conversationId } = await chatWith(a, b, 1);
    // Past the rate limit: stored directly, three at a time sharing a millisecond, so the id breaks the ties.
    const base = Date.now() + 1000;
    await t.db.db.insert(messages).values(
      Array.from({ length: 46 }, (_, i) => ({ conversationId, senderId: i % 2 ? a.user.id : b.user.id, body: `message ${i + 1}`, createdAt: new Date(base + Math.floor(i / 3)) })),
    );
    const expected = (await t.db.db.select({ id: messages.id }).from(messages).orderBy(messages.createdAt, messages.id)).map((r) => r.id);
    const seen: ChatMessage[] = [];
    let lastKey: string | null | undefined;
    let pages = 0;
    do {
      const p = await page(b, conversationId, lastKey);
      expect(p.conversation.messages.length).toBe(pages < 3 ? MESSAGE_PAGE_SIZE : 2);
      seen.unshift(...p.conversation.messages);
      lastKey = p.lastKey;
      pages++;
    } while (lastKey);
    expect(pages).toBe(4);
    expect(seen.map((m) => m._id)).toEqual(expected);
    expect(new Set(seen.map((m) => m._id)).size).toBe(47);
    expect(seen[0]).toMatchObject({ message: 'message 0', from: { _id: a.user.id, username: a.user.username } });
  });

  it('refuses a forged cursor', async () => {
    const [a, b] = [await member(), await member()];
    const { conversationId } = await chatWith(a, b, 1);
    const res = await b.client.post(`/api/message/${conversationId}`, { lastKey: 'bm90IGEgY3Vyc29y' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('invalid_cursor');
  });

  it('lists conversations newest first with isRead for the viewer and the other user; opening reads and resets counts', async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    const ab = await chatWith(a, b, 2);
    const cb = await chatWith(c, b, 1);
    expect(await counts(b)).toEqual({ numNewOffers: 0, numNewMessages: 2, numNewWantMatches: 0, numOrdersToAct: 0, numNewTrades: 0 });
    expect(await counts(a)).toEqual({ numNewOffers: 0, numNewMessages: 0, numNewWantMatches: 0, numOrdersToAct: 0, numNewTrades: 0 });
    const rows = await list(b);
    expect(rows.map((r) => [r._id, r.from.username, r.lastMessage, r.isRead])).toEqual([
      [cb.conversationId, c.user.username, 'message 0', false],
      [ab.conversationId, a.user.username, 'message 1', false],
    ]);
    expect(rows[0]).toMatchObject({ conversation_id: cb.conversationId, participants: expect.arrayContaining([b.user.id, c.user.id]), from: { id: c.user.id, _id: c.user.id, avatar: null, reddit: { isLinked: false } }, warning: null });
    // Opening Chats resets the badge; the rows stay unread until opened.
    expect(await counts(b)).toEqual({ numNewOffers: 0, numNewMessages: 0, numNewWantMatches: 0, numOrdersToAct: 0, numNewTrades: 0 });
    await sendMessage(ab.socket, { conversationId: ab.conversationId, msg: 'ping' });
    expect((await counts(b)).numNewMessages).toBe(1);
    const sb = await b.socket();
    const pushed = collect(sb, 'counts');
    const opened = await page(b, ab.conversationId);
    expect(opened.conversation.conversation).toMatchObject({ _id: ab.conversationId, isRead: true, from: { username: a.user.username } });
    expect((await counts(b)).numNewMessages).toBe(0);
    await expect.poll(() => pushed.at(-1)).toEqual({ numNewOffers: 0, numNewMessages: 0, numNewWantMatches: 0, numOrdersToAct: 0, numNewTrades: 0 });
    expect((await list(b)).map((r) => r.isRead)).toEqual([true, false]);
    // The sender's side is read: their own messages are never unread.
    expect((await list(a)).map((r) => r.isRead)).toEqual([true]);
  });

  it('shows a removed user as User Not Found', async () => {
    const [a, b] = [await member(), await member()];
    const { conversationId } = await chatWith(a, b, 1);
    await t.db.db.update(users).set({ removedAt: new Date() }).where(eq(users.id, a.user.id));
    expect((await list(b))[0]?.from).toEqual({ id: a.user.id, _id: a.user.id, username: 'User Not Found', avatar: null, reddit: { isLinked: false } });
    expect((await page(b, conversationId)).conversation.messages[0]?.from.username).toBe('User Not Found');
  });
});

describe('access', () => {
  it('answers 401 logged out and 404 to anyone but the two participants', async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    const { conversationId } = await chatWith(a, b, 1);
    const anonymous = await t.client();
    for (const [method, url] of [['get', '/api/me/messages'], ['post', `/api/message/${conversationId}`], ['post', '/api/conversation'], ['post', `/api/conversation/${conversationId}/report`]] as const) {
      const res = method === 'get' ? await anonymous.get(url) : await anonymous.post(url, {});
      expect([url, res.status, res.body]).toEqual([url, 401, { message: 'must login' }]);
    }
    for (const url of [`/api/message/${conversationId}`, `/api/conversation/${conversationId}/report`, '/api/message/00000000-0000-4000-8000-000000000000', '/api/message/nope']) {
      const res = await c.client.post(url, {});
      expect([url, res.status, res.body]).toEqual([url, 404, { message: 'not_found' }]);
    }
    expect(await list(c)).toEqual([]);
    expect((await page(a, conversationId)).conversation.messages).toHaveLength(1);
  });
});

describe('POST /api/conversation', () => {
  it('opens or finds the conversation, listed for the opener only until a message', async () => {
    const [a, b] = [await member(), await member()];
    const first = await a.client.post('/api/conversation', { userId: b.user.id });
    expect(first.status).toBe(200);
    expect((await b.client.post('/api/conversation', { userId: a.user.id })).body).toEqual(first.body);
    expect(await t.db.db.select().from(conversations)).toHaveLength(1);
    expect((await list(a)).map((r) => [r._id, r.lastMessage, r.isRead])).toEqual([[first.body._id, '', true]]);
    // b opened it too, so it is listed for both; a third user's open would not list it for anyone else.
    const c = await member();
    await c.client.post('/api/conversation', { userId: a.user.id });
    expect(await list(a)).toHaveLength(1);
  });

  it('refuses oneself, removed and unknown users', async () => {
    const a = await member();
    const gone = await member({ removedAt: new Date() });
    expect((await a.client.post('/api/conversation', { userId: a.user.id })).body).toEqual({ message: 'message_self' });
    expect((await a.client.post('/api/conversation', { userId: gone.user.id })).status).toBe(404);
    expect((await a.client.post('/api/conversation', { userId: '00000000-0000-4000-8000-000000000000' })).body).toEqual({ message: 'user_not_found' });
    expect((await a.client.post('/api/conversation', { userId: 'x' })).status).toBe(400);
  });
});

describe('mail', () => {
  /** Brings the window's mail jobs due now (they wait for its end), then runs them. */
  async function windowEnds() {
    await t.db.db.execute(sql`update pgboss.job set start_after = now() where name = 'message-mail' and state = 'created'`);
    await t.jobs.drain();
  }
  const mailTo = async (who: Member) => (await readOutbox(t.config.outboxDir)).filter((m) => m.to.includes(who.user.email));

  it('sends one mail per conversation and window however many messages, none if read meanwhile or unwanted', async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    await chatWith(a, b, 3, (i) => `offer ${i}`);
    await t.jobs.drain();
    expect(await mailTo(b)).toEqual([]);
    await windowEnds();
    const mails = await mailTo(b);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`New messages from ${a.user.username}`);
    expect(mails[0]?.text).toContain('offer 2');

    const { conversationId } = await chatWith(c, b, 1);
    await page(b, conversationId);
    await windowEnds();
    expect(await mailTo(b)).toHaveLength(1);

    await t.db.db.update(users).set({ emailPreferences: sql`email_preferences || '{"messages": false}'::jsonb` }).where(eq(users.id, a.user.id));
    await chatWith(b, a, 1);
    await windowEnds();
    expect(await mailTo(a)).toEqual([]);
  });

  it('a report mails the team the reason and the last messages', async () => {
    const [a, b] = [await member(), await member()];
    const { conversationId } = await chatWith(a, b, 2, (i) => `pay me on the side ${i}`);
    const res = await b.client.post(`/api/conversation/${conversationId}/report`, { reason: 'asks for payment outside checkout' });
    expect(res.body).toEqual({ ok: true });
    const [mail] = (await readOutbox(t.config.outboxDir)).filter((m) => m.to.includes(t.config.teamEmail));
    expect(mail?.subject).toBe(`Chat report: ${b.user.username} reported ${a.user.username}`);
    expect(mail?.text).toContain('asks for payment outside checkout');
    expect(mail?.text).toContain('pay me on the side 1');
  });
});

describe('counts pushed by offers', () => {
  it('a new offer pushes the seller their counts', async () => {
    const seller = await member();
    const buyer = await member();
    const item = await createItem(t.db.db, seller.user.id, { offersAccepted: true, isFixedPrice: false }, [{ regionCode: 'US', priceCents: 1000 }]);
    const socket = await seller.socket();
    const pushed = collect(socket, 'counts');
    expect((await buyer.client.post('/api/offer', { itemId: item.id, offerPrice: '80', offerShippingPrice: 0 })).status).toBe(200);
    await realtimeHubOf(t.app).settled();
    await expect.poll(() => pushed.at(-1)).toEqual({ numNewOffers: 1, numNewMessages: 0, numNewWantMatches: 0, numOrdersToAct: 0, numNewTrades: 0 });
  });
});

describe('counts pushed by messages', () => {
  it("pushes the recipient's counts when a message moves them, not for every message of a conversation already counted", async () => {
    const [a, b] = [await member(), await member()];
    const sb = await b.socket();
    const pushed = collect(sb, 'counts');
    const hub = realtimeHubOf(t.app);
    const { socket, conversationId } = await chatWith(a, b, 1);
    await hub.settled();
    await expect.poll(() => pushed).toEqual([{ numNewOffers: 0, numNewMessages: 1, numNewWantMatches: 0, numOrdersToAct: 0, numNewTrades: 0 }]);
    // Two more unread messages in the same conversation: the badge stays at 1, nothing is pushed.
    for (const msg of ['second', 'third']) expect(await sendMessage(socket, { conversationId, msg })).toMatchObject({ ok: true });
    await hub.settled();
    await new Promise((r) => setTimeout(r, 100));
    expect(pushed).toHaveLength(1);
    // Once b has read it, the next message moves the badge again: pushed.
    await page(b, conversationId);
    await hub.settled();
    await expect.poll(() => pushed.at(-1)).toEqual({ numNewOffers: 0, numNewMessages: 0, numNewWantMatches: 0, numOrdersToAct: 0, numNewTrades: 0 });
    expect(await sendMessage(socket, { conversationId, msg: 'fourth' })).toMatchObject({ ok: true });
    await hub.settled();
    await expect.poll(() => pushed.at(-1)).toEqual({ numNewOffers: 0, numNewMessages: 1, numNewWantMatches: 0, numOrdersToAct: 0, numNewTrades: 0 });
    expect((await counts(b)).numNewMessages).toBe(1);
  });
});

describe('scam signals on messages', () => {
  it('marks a request to pay outside checkout or to move off the site, and leaves trade talk alone', async () => {
    const [a, b] = [await member(), await member()];
    const texts = ['GMK Zelle keycaps, is it still available?', 'can u do paypal f&f to save fees?', 'hmu on whatsapp +1 415 555 0199', 'Price is $120 shipped through checkout'];
    const { conversationId } = await chatWith(a, b, texts.length, (i) => texts[i]!);
    const got = (await page(b, conversationId)).conversation.messages;
    expect(got.map((m) => [m.message, m.warning?.kind ?? null])).toEqual([
      [texts[0], null],
      [texts[1], 'off_platform_payment'],
      [texts[2], 'off_site_contact'],
      [texts[3], null],
    ]);
    expect(got[1]!.warning).toMatchObject({ helpPath: '/help/payment' });
  });
});

describe('the checkout reminder', () => {
  it('reminds the sender of a flagged message once ever, and never for trade talk', async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    const sa = await a.socket();
    const reminders = collect(sa, 'reminder');
    const sendTo = async (to: Member, msg: string) => {
      const ack = await sendMessage(sa, { toUserId: to.user.id, msg });
      if (!ack.ok) throw new Error(ack.error);
    };
    await sendTo(b, 'GMK Zelle keycaps, still available?');
    await sendTo(b, 'can u do paypal f&f to save fees?');
    await expect.poll(() => reminders).toEqual([{ helpPath: '/help/payment' }]);
    // Another flagged message, in another conversation: not again.
    await sendTo(c, 'my telegram is @keebdeals, text me there');
    await sendTo(c, 'zelle me and I ship today');
    await new Promise((r) => setTimeout(r, 200));
    expect(reminders).toHaveLength(1);
    const [row] = await t.db.db.select({ at: users.checkoutRemindedAt }).from(users).where(eq(users.id, a.user.id));
    expect(row?.at).toBeInstanceOf(Date);
  });
});
