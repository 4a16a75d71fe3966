import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { createUser } from '../test/factories';
import { useRealtime } from '../test/realtime';
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
    rt.realtime.io.to(userRoom(user.id)).emit('counts', { numNewOffers: 1, numNewMessages: 0 });
    await expect.poll(() => received).toEqual(['mine:1']);
    await new Promise((r) => setTimeout(r, 100));
    expect(received).toEqual(['mine:1']);
  });
});
