import { describe, expect, it } from 'vitest';
import { offers } from '../db/schema/index';
import { hashPassword } from '../modules/accounts/passwords';
import { useTestApp } from '../test/app';
import { createItem, createUser } from '../test/factories';
import { collect, type ClientSocket, useRealtime } from '../test/realtime';
import { userRoom } from './socket';

const t = useTestApp({ PUBLIC_URL: 'http://keeb.test' });
const rt = useRealtime(t, { appUrl: 'http://keeb.test' });

describe('socket.io on the API server', () => {
  it('refuses a handshake without a signed-in session', async () => {
    await expect(rt.open()).rejects.toThrow('unauthorized');
    const user = await createUser(t.db.db);
    // The spec's client puts userId in the query: without the session it is nobody.
    await expect(rt.open(undefined, { query: { userId: user.id } })).rejects.toThrow('unauthorized');
  });

  it('refuses a handshake from another site, accepts the app and its own host', async () => {
    const user = await createUser(t.db.db);
    const { cookie } = await t.clientAs(user.id);
    await expect(rt.open(cookie, { origin: 'https://evil.example' })).rejects.toThrow();
    expect((await rt.open(cookie, { origin: 'http://keeb.test' })).connected).toBe(true);
    expect((await rt.open(cookie, { origin: rt.url })).connected).toBe(true);
  });

  it("puts a signed-in user's socket in their room, from the same session cookie as the API", async () => {
    const user = await createUser(t.db.db);
    const other = await createUser(t.db.db);
    const signedIn = await t.clientAs(user.id);
    const mine = await rt.open(signedIn.cookie);
    // Signed in as `other` but claiming to be `user` in the query: joins other's room only.
    const forged = await rt.open((await t.clientAs(other.id)).cookie, { query: { userId: user.id } });
    const received: string[] = [];
    mine.on('counts', (c) => received.push(`mine:${c.numNewOffers}`));
    forged.on('counts', (c) => received.push(`forged:${c.numNewOffers}`));
    // Rooms are joined on connection; give the join a moment, then push to the user's room only.
    await new Promise((r) => setTimeout(r, 100));
    rt.realtime.io.to(userRoom(user.id)).emit('counts', { numNewOffers: 1, numNewMessages: 0, numNewWantMatches: 0, numOrdersToAct: 0, numNewTrades: 0 });
    await expect.poll(() => received).toEqual(['mine:1']);
    await new Promise((r) => setTimeout(r, 100));
    expect(received).toEqual(['mine:1']);
  });
});

/** Resolves when the socket is closed by the server (socket.io's reason for a server-side disconnect). */
const closedByServer = (socket: ClientSocket) =>
  new Promise<string>((resolve) => (socket.disconnected ? resolve('already') : socket.once('disconnect', (reason) => resolve(reason))));

describe('sockets end with their session', () => {
  it('logout closes the sockets of that session only; the same user signed in elsewhere keeps theirs', async () => {
    const user = await createUser(t.db.db);
    const laptop = await t.clientAs(user.id);
    const phone = await t.clientAs(user.id);
    const [tab1, tab2, phoneSocket] = [await rt.open(laptop.cookie), await rt.open(laptop.cookie), await rt.open(phone.cookie)];
    const closed = Promise.all([closedByServer(tab1), closedByServer(tab2)]);
    expect((await laptop.post('/api/logout', {})).body).toEqual({ ok: true });
    expect(await closed).toEqual(['io server disconnect', 'io server disconnect']);
    await new Promise((r) => setTimeout(r, 100));
    expect(phoneSocket.connected).toBe(true);
    // And the ended session cannot open a new one.
    await expect(rt.open(laptop.cookie)).rejects.toThrow('unauthorized');
  });

  it('removing the account closes its sockets on every session', async () => {
    const user = await createUser(t.db.db, { passwordHash: await hashPassword('correct horse') });
    const [a, b] = [await t.clientAs(user.id), await t.clientAs(user.id)];
    const sockets = [await rt.open(a.cookie), await rt.open(b.cookie)];
    const closed = Promise.all(sockets.map(closedByServer));
    expect((await a.post('/api/me/remove', { password: 'correct horse' })).body).toEqual({ ok: true });
    expect(await closed).toEqual(['io server disconnect', 'io server disconnect']);
  });
});

describe('sockets after a password change', () => {
  it("closes the other sessions' sockets and keeps this session's", async () => {
    const user = await createUser(t.db.db, { passwordHash: await hashPassword('correct horse') });
    const [here, elsewhere] = [await t.clientAs(user.id), await t.clientAs(user.id)];
    const [mine, theirs] = [await rt.open(here.cookie), await rt.open(elsewhere.cookie)];
    const closed = closedByServer(theirs);
    expect((await here.post('/api/me/password', { currentPassword: 'correct horse', password: 'battery staple' })).body).toEqual({ ok: true });
    expect(await closed).toBe('io server disconnect');
    await new Promise((r) => setTimeout(r, 100));
    expect(mine.connected).toBe(true);
  });
});

describe('counts pushed when offers settle', () => {
  it("removing an item closes its lapsed offers and pushes the buyers' new counts", async () => {
    const [seller, buyer] = [await createUser(t.db.db), await createUser(t.db.db, { offersSeenAt: new Date() })];
    const item = await createItem(t.db.db, seller.id, { offersAccepted: true });
    const past = new Date(Date.now() - 3 * 86_400_000);
    await t.db.db.insert(offers).values({ itemId: item.id, buyerId: buyer.id, sellerId: seller.id, priceCents: 5000, shippingCents: 1000, regionCode: 'US', status: 'expired', createdAt: past, updatedAt: past, buyerActedAt: past, sellerActedAt: past });
    const buyerClient = await t.clientAs(buyer.id);
    expect((await buyerClient.get('/api/me/notifications')).body.numNewOffers).toBe(0);
    const socket = await rt.open(buyerClient.cookie);
    const pushed = collect(socket, 'counts');
    const sellerClient = await t.clientAs(seller.id);
    expect((await sellerClient.delete(`/api/item/${item.id}/remove`)).body).toEqual({ ok: true });
    // The closed offer is news to the buyer (the seller acted on it): pushed, not polled.
    await expect.poll(() => pushed.at(-1)?.numNewOffers).toBe(1);
    expect((await buyerClient.get('/api/me/notifications')).body.numNewOffers).toBe(1);
  });
});
