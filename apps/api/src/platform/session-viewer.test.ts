import { createHmac, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../modules/accounts/passwords';
import { TEST_SESSION_SECRET, useTestApp } from '../test/app';
import { createItem, createUser } from '../test/factories';
import { SESSION_COOKIE } from './session';
import { DatabaseSessionStore } from './session-store';
import { createSessionViewer, forgetSessionsOf } from './session-viewer';

const signed = (sid: string, secret = TEST_SESSION_SECRET) => `s:${sid}.${createHmac('sha256', secret).update(sid).digest('base64').replace(/=+$/, '')}`;
const sessionCookieOf = (res: { headers: Record<string, unknown> }) =>
  ([] as string[]).concat((res.headers['set-cookie'] as string[] | undefined) ?? []).find((c) => c.startsWith(`${SESSION_COOKIE}=`));

describe('the session viewer (who is asking, for the public GETs)', () => {
  const t = useTestApp();

  async function storedSession(store: DatabaseSessionStore, userId: string): Promise<string> {
    const sid = randomBytes(18).toString('base64url');
    const expires = new Date(Date.now() + 3_600_000);
    await new Promise<void>((resolve, reject) =>
      store.set(sid, { cookie: { originalMaxAge: 3_600_000, expires, httpOnly: true, sameSite: 'lax', path: '/' }, userId } as never, (e) => (e ? reject(e) : resolve())),
    );
    return sid;
  }

  it("answers the session's user for a well-signed cookie, and nobody for a forged, unsigned or unknown one", async () => {
    const user = await createUser(t.db.db);
    const store = new DatabaseSessionStore(t.db.db);
    const viewer = createSessionViewer(store, TEST_SESSION_SECRET);
    const sid = await storedSession(store, user.id);
    const req = {} as never;
    expect(await viewer(req, signed(sid))).toBe(user.id);
    expect(await viewer(req, signed(sid, 'another secret that is long enough 0123456789'))).toBeUndefined();
    expect(await viewer(req, sid)).toBeUndefined();
    expect(await viewer(req, `s:${sid}`)).toBeUndefined();
    expect(await viewer(req, signed('no-such-session'))).toBeUndefined();
    store.close();
  });

  it('keeps a user for a second: a row ended elsewhere is seen once that second passes; one ended here at once', async () => {
    const user = await createUser(t.db.db);
    const store = new DatabaseSessionStore(t.db.db);
    let clock = 1_000_000;
    const viewer = createSessionViewer(store, TEST_SESSION_SECRET, 1000, () => clock);
    const req = {} as never;
    // Another process signs the user out: the row goes, nothing here is told.
    const first = await storedSession(store, user.id);
    expect(await viewer(req, signed(first))).toBe(user.id);
    await t.db.db.execute(sql`delete from sessions where sid = ${first}`);
    clock += 999;
    expect(await viewer(req, signed(first))).toBe(user.id);
    clock += 1;
    expect(await viewer(req, signed(first))).toBeUndefined();
    // This process destroys a session (logout): forgotten at once.
    const second = await storedSession(store, user.id);
    expect(await viewer(req, signed(second))).toBe(user.id);
    await new Promise<void>((resolve, reject) => store.destroy(second, (e) => (e ? reject(e) : resolve())));
    expect(await viewer(req, signed(second))).toBeUndefined();
    // This process ends every session of the user (password reset, removal): forgotten at once.
    const third = await storedSession(store, user.id);
    expect(await viewer(req, signed(third))).toBe(user.id);
    await t.db.db.execute(sql`delete from sessions where sid = ${third}`);
    forgetSessionsOf(user.id);
    expect(await viewer(req, signed(third))).toBeUndefined();
    store.close();
  });

  it("a member's list shows their hearts without rolling the session cookie; their other calls still roll it", async () => {
    const seller = await createUser(t.db.db);
    const member = await createUser(t.db.db);
    const item = await createItem(t.db.db, seller.id);
    const client = await t.clientAs(member.id);
    expect((await client.post(`/api/item/${item.id}/save`, {})).status).toBe(200);
    const list = await client.get('/api/items');
    expect(list.status).toBe(200);
    expect((list.body as Array<{ _id: string; isFollowing?: boolean }>).find((c) => c._id === item.id)?.isFollowing).toBe(true);
    expect(sessionCookieOf(list)).toBeUndefined();
    const own = await client.get('/api/me/notifications');
    expect(own.status).toBe(200);
    expect(sessionCookieOf(own)).toBeDefined();
  });

  it('after logout the next list is a visitor\'s at once (no hearts), and the own lists answer 401', async () => {
    const seller = await createUser(t.db.db);
    await createUser(t.db.db, { username: 'viewer_logout', passwordHash: await hashPassword('correct horse') });
    const item = await createItem(t.db.db, seller.id);
    const client = await t.client();
    expect((await client.post('/api/login', { username: 'viewer_logout', password: 'correct horse' })).status).toBe(200);
    expect((await client.post(`/api/item/${item.id}/save`, {})).status).toBe(200);
    const before = (await client.get('/api/items')).body as Array<{ _id: string; isFollowing?: boolean }>;
    expect(before.find((c) => c._id === item.id)?.isFollowing).toBe(true);
    const sidPair = client.cookie.split('; ').find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    expect(sidPair).toBeDefined();
    expect((await client.post('/api/logout', {})).status).toBe(200);
    // A browser that kept the old cookie (another tab's copy) is a visitor too, at once.
    const after = await supertest(t.app).get('/api/items').set('Cookie', sidPair);
    expect((after.body as Array<{ _id: string; isFollowing?: boolean }>).find((c) => c._id === item.id)?.isFollowing).toBeUndefined();
    expect((await supertest(t.app).get('/api/me/items/saved').set('Cookie', sidPair)).status).toBe(401);
  });

  it('a write on the same routes reads the session row itself: ended elsewhere, it is refused at once', async () => {
    const member = await createUser(t.db.db);
    const other = await createUser(t.db.db);
    const client = await t.clientAs(member.id);
    // Seen once through the viewer, so it keeps the user for a second.
    expect((await client.get('/api/me/items/saved')).status).toBe(200);
    await t.db.db.execute(sql`delete from sessions where sess->>'userId' = ${member.id}`);
    const follow = await client.post(`/api/user/${other.username}/follow`, {});
    expect(follow.status).toBe(401);
    const follows = (await t.db.db.execute(sql`select count(*)::int as n from follows where follower_id = ${member.id}`)) as unknown as { rows: Array<{ n: number }> };
    expect(follows.rows[0]?.n).toBe(0);
  });
});
