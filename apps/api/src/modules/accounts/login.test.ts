import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { hashPassword } from './passwords';

const t = useTestApp();

async function member(overrides: Parameters<typeof createUser>[1] = {}) {
  return createUser(t.db.db, { username: 'Tofu_Fan', email: 'tofu@example.com', passwordHash: await hashPassword('correct horse'), ...overrides });
}

describe('POST /api/login', () => {
  it.each([
    [{ username: ' ', password: 'x' }, 'invalid username', 'username'],
    [{ username: '', password: '' }, 'invalid username', 'username'],
    [{ username: 'tofu', password: '' }, 'password_required', 'password'],
  ])('validates %o in order', async (body, message, field) => {
    const res = await (await t.client()).post('/api/login', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message, field });
  });

  it('signs in by username in any case, or by email, and answers the session', async () => {
    const user = await member();
    for (const username of ['tofu_fan', 'TOFU@example.com']) {
      const client = await t.client();
      const res = await client.post('/api/login', { username, password: 'correct horse' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ isLoggedIn: true, username: 'Tofu_Fan', userId: user.id });
      expect((await client.get('/api/me/logged-in')).body).toEqual({ isLoggedIn: true, username: 'Tofu_Fan', userId: user.id });
    }
  });

  it('gives a new session id at sign-in (no fixation)', async () => {
    await member();
    const client = await t.client();
    const before = await client.get('/api/health');
    const res = await client.post('/api/login', { username: 'tofu_fan', password: 'correct horse' });
    const sid = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('sid='));
    expect(sid).toBeDefined();
    expect(([] as string[]).concat(before.headers['set-cookie'] ?? []).join()).not.toContain(sid!.split(';')[0]);
  });

  it('answers the same code for an unknown user and a wrong password', async () => {
    await member();
    const client = await t.client();
    const wrong = await client.post('/api/login', { username: 'tofu_fan', password: 'wrong password' });
    const unknown = await client.post('/api/login', { username: 'nobody', password: 'correct horse' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'invalid_password' });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ message: 'invalid_password' });
    expect((await client.get('/api/me/logged-in')).body).toEqual({ isLoggedIn: false });
  });

  it('tells accounts created with Google or Facebook to use them', async () => {
    await createUser(t.db.db, { username: 'goog', email: 'g@example.com', googleId: 'g-1' });
    await createUser(t.db.db, { username: 'face', email: 'f@example.com', facebookId: 'f-1' });
    const client = await t.client();
    expect((await client.post('/api/login', { username: 'goog', password: 'whatever1' })).body).toEqual({ message: 'google_login' });
    expect((await client.post('/api/login', { username: 'face', password: 'whatever1' })).body).toEqual({ message: 'facebook_login' });
  });

  it('locks an account for 5 minutes after 5 failures, even for the right password', async () => {
    await member();
    const client = await t.client();
    for (let i = 0; i < 5; i++) expect((await client.post('/api/login', { username: 'tofu_fan', password: `nope-${i}-x` })).status).toBe(401);
    const locked = await client.post('/api/login', { username: 'TOFU_FAN', password: 'correct horse' });
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ message: 'too_many_attempts' });
    // Other accounts from the same address are not locked by one account's failures.
    await createUser(t.db.db, { username: 'other', email: 'o@example.com', passwordHash: await hashPassword('correct horse') });
    expect((await client.post('/api/login', { username: 'other', password: 'correct horse' })).status).toBe(200);
  });

  it('clears the failure count after a successful sign-in', async () => {
    await member();
    const client = await t.client();
    for (let i = 0; i < 4; i++) await client.post('/api/login', { username: 'tofu_fan', password: 'nope-nope' });
    expect((await client.post('/api/login', { username: 'tofu_fan', password: 'correct horse' })).status).toBe(200);
    for (let i = 0; i < 4; i++) await client.post('/api/login', { username: 'tofu_fan', password: 'nope-nope' });
    expect((await client.post('/api/login', { username: 'tofu_fan', password: 'correct horse' })).status).toBe(200);
  });

  it('does not sign in a removed account', async () => {
    await member({ removedAt: new Date() });
    expect((await (await t.client()).post('/api/login', { username: 'tofu_fan', password: 'correct horse' })).status).toBe(401);
  });

  it('answers 429 TooManyRequests past the per-address rate of sign-in calls (100 a minute, sized for a NAT)', async () => {
    const client = await t.client();
    for (let i = 0; i < 100; i++) expect((await client.post('/api/login', { username: '', password: '' })).status).toBe(400);
    expect((await client.post('/api/login', { username: '', password: '' })).status).toBe(429);
    const res = await client.post('/api/login', { username: '', password: '' });
    expect(res.body).toMatchObject({ code: 'TooManyRequests' });
  });
});

describe('POST /api/logout', () => {
  it('signs out', async () => {
    await member();
    const client = await t.client();
    await client.post('/api/login', { username: 'tofu_fan', password: 'correct horse' });
    expect((await client.post('/api/logout')).body).toEqual({ ok: true });
    expect((await client.get('/api/me/logged-in')).body).toEqual({ isLoggedIn: false });
    expect((await client.get('/api/me')).status).toBe(401);
  });
});
