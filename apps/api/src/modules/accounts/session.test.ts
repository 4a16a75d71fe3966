import { eq, sql } from 'drizzle-orm';
import express from 'express';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema/index';
import { createSessionMiddleware } from '../../platform/session';
import { touchAfterMs } from '../../platform/session-store';
import { useTestApp } from '../../test/app';
import { createUser } from '../../test/factories';

const t = useTestApp();
const setCookies = (res: { headers: Record<string, unknown> }) => ([] as string[]).concat((res.headers['set-cookie'] as string[] | undefined) ?? []);

describe('GET /api/me/logged-in', () => {
  it('answers logged out without a session', async () => {
    const res = await (await t.client()).get('/api/me/logged-in');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ isLoggedIn: false });
    expect(setCookies(res).join(';')).not.toContain('sid=');
  });

  it('answers the user of a valid session', async () => {
    const user = await createUser(t.db.db, { username: 'Tofu_Fan' });
    const res = await (await t.clientAs(user.id)).get('/api/me/logged-in');
    expect(res.body).toEqual({ isLoggedIn: true, username: 'Tofu_Fan', userId: user.id });
  });

  it('treats a removed account as logged out', async () => {
    const user = await createUser(t.db.db);
    const client = await t.clientAs(user.id);
    await t.db.db.update(users).set({ removedAt: new Date() }).where(eq(users.id, user.id));
    expect((await client.get('/api/me/logged-in')).body).toEqual({ isLoggedIn: false });
  });

  it('moves the stored expiry of a rolling session only when it trails by more than touchAfterMs', async () => {
    const user = await createUser(t.db.db);
    const client = await t.clientAs(user.id);
    const mine = sql`${sessions.sess}->>'userId' = ${user.id}`;
    const row = async () => (await t.db.db.select({ at: sessions.expiresAt, sess: sessions.sess }).from(sessions).where(mine))[0]!;
    const setStored = (at: number) => t.db.db.update(sessions).set({ expiresAt: new Date(at) }).where(mine);
    const { sess } = await row();
    const lifetime = (sess as { cookie: { originalMaxAge: number } }).cookie.originalMaxAge;
    const after = touchAfterMs(sess as never);
    expect(after).toBeGreaterThan(0);

    // Recently moved: a request reads the session without writing it.
    const recent = Date.now() + lifetime - after / 2;
    await setStored(recent);
    expect((await client.get('/api/me/logged-in')).body.isLoggedIn).toBe(true);
    expect((await row()).at.getTime()).toBe(recent);

    // Trailing by more: the request moves it to the cookie's expiry.
    await setStored(Date.now() + lifetime - 2 * after);
    const before = Date.now();
    expect((await client.get('/api/me/logged-in')).body.isLoggedIn).toBe(true);
    expect((await row()).at.getTime()).toBeGreaterThanOrEqual(before + lifetime - 1000);
  });

  it('refreshes an HttpOnly, SameSite=Lax session cookie', async () => {
    const user = await createUser(t.db.db);
    const client = await t.clientAs(user.id);
    const cookie = setCookies(await client.get('/api/me/logged-in')).find((c) => c.startsWith('sid='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
  });

  it('counts a signed-in user apart from the address they share (an office, a carrier NAT)', async () => {
    const [first, second] = [await createUser(t.db.db), await createUser(t.db.db)];
    const [one, two, visitor] = [await t.clientAs(first.id), await t.clientAs(second.id), await t.client()];
    for (let i = 0; i < 120; i++) expect((await one.get('/api/me/logged-in')).status).toBe(200);
    expect((await one.get('/api/me/logged-in')).status).toBe(429);
    // Same address (the test client's), another person, and a visitor there: not held back by the first.
    expect((await two.get('/api/me/logged-in')).body).toMatchObject({ isLoggedIn: true });
    expect((await visitor.get('/api/me/logged-in')).status).toBe(200);
  });

  it('answers 429 TooManyRequests past the per-address rate', async () => {
    const client = await t.client();
    const statuses: number[] = [];
    for (let i = 0; i < 121; i++) statuses.push((await client.get('/api/me/logged-in')).status);
    expect(statuses.slice(0, 120).every((s) => s === 200)).toBe(true);
    const limited = await client.get('/api/me/logged-in');
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'TooManyRequests' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('GET /api/me/admin', () => {
  it('is false when logged out', async () => {
    expect((await (await t.client()).get('/api/me/admin')).body).toEqual({ p: false });
  });

  it('is false for an ordinary user and true for an admin', async () => {
    const member = await createUser(t.db.db);
    const admin = await createUser(t.db.db, { isAdmin: true });
    expect((await (await t.clientAs(member.id)).get('/api/me/admin')).body).toEqual({ p: false });
    expect((await (await t.clientAs(admin.id)).get('/api/me/admin')).body).toEqual({ p: true });
  });
});

describe('POST /api/logout', () => {
  it('ends the session', async () => {
    const user = await createUser(t.db.db);
    const client = await t.clientAs(user.id);
    expect((await client.get('/api/me/logged-in')).body.isLoggedIn).toBe(true);
    expect((await client.post('/api/logout')).status).toBe(200);
    expect((await client.get('/api/me/logged-in')).body).toEqual({ isLoggedIn: false });
  });
});

describe('session cookie', () => {
  // Sign-in arrives with the accounts issue; this drives our session middleware with a route that signs in.
  function appWithSignIn() {
    const app = express();
    app.set('trust proxy', t.config.trustProxy);
    app.use(createSessionMiddleware(t.config, t.db.db).middleware);
    app.post('/sign-in', (req, res) => {
      req.session.userId = 'someone';
      res.end();
    });
    return app;
  }

  it('is Secure when the session starts over https (behind a trusted proxy)', async () => {
    const res = await supertest(appWithSignIn()).post('/sign-in').set('X-Forwarded-Proto', 'https');
    const cookie = setCookies(res)[0];
    expect(cookie).toMatch(/^sid=s%3A/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
  });

  it('is not Secure over plain http, so localhost works', async () => {
    const res = await supertest(appWithSignIn()).post('/sign-in');
    expect(setCookies(res)[0]).not.toMatch(/Secure/);
  });

  it('ignores X-Forwarded-Proto from an untrusted address', async () => {
    const app = express();
    app.set('trust proxy', false);
    app.use(createSessionMiddleware(t.config, t.db.db).middleware);
    app.post('/sign-in', (req, res) => {
      req.session.userId = 'someone';
      res.end();
    });
    const res = await supertest(app).post('/sign-in').set('X-Forwarded-Proto', 'https');
    expect(setCookies(res)[0]).not.toMatch(/Secure/);
  });
});
