import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { readOutbox } from '../../test/outbox';

const t = useTestApp({ ADMIN_USERNAMES: 'boss' });

const valid = { username: 'Switch_Fan', password: 'correct horse', email: 'Fan@Example.com', shippingRegion: 'US' };

describe('POST /api/signup validation, in the spec order', () => {
  it.each([
    [{ ...valid, username: '   ' }, 'invalid username', 'username'],
    [{ ...valid, username: '', password: '' }, 'invalid username', 'username'],
    [{ ...valid, password: '' }, 'password_required', 'password'],
    [{ ...valid, password: '', email: '' }, 'password_required', 'password'],
    [{ ...valid, email: '  ' }, 'email_required', 'email'],
    [{ ...valid, email: 'not-an-email', password: 'short' }, 'email_format', 'email'],
    [{ ...valid, email: 'a@b.c' }, 'email_format', 'email'],
    [{ ...valid, password: 'short', shippingRegion: '' }, 'invalid_password', 'password'],
    [{ ...valid, shippingRegion: '' }, 'shipping_region_required', 'shippingRegion'],
    [{ ...valid, shippingRegion: 'XX' }, 'shipping_region_required', 'shippingRegion'],
    [{ ...valid, username: 'ab' }, 'username_short', 'username'],
    [{ ...valid, username: 'bad!name' }, 'username_short', 'username'],
    [{ ...valid, username: 'x'.repeat(31) }, 'username_long', 'username'],
  ])('%o answers %s', async (body, message, field) => {
    const res = await (await t.client()).post('/api/signup', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message, field });
    expect(await t.db.db.select().from(users)).toEqual([]);
  });

  it('answers teapot for names that would impersonate the team', async () => {
    const res = await (await t.client()).post('/api/signup', { ...valid, username: 'Admin' });
    expect(res.status).toBe(418);
    expect(res.body).toEqual({ message: 'teapot' });
  });
});

describe('POST /api/signup', () => {
  it('creates the account, signs in, removes inner whitespace, lowercases the email and mails a confirmation link', async () => {
    const client = await t.client();
    const res = await client.post('/api/signup', { ...valid, username: ' Switch _Fan ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isLoggedIn: true, username: 'Switch_Fan' });
    const sid = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('sid='));
    expect(sid).toMatch(/HttpOnly/);

    const [row] = await t.db.db.select().from(users);
    expect(row).toMatchObject({ username: 'Switch_Fan', email: 'fan@example.com', shippingRegionCode: 'US', emailConfirmedAt: null, isAdmin: false });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);

    const mails = await readOutbox(t.config.outboxDir);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'fan@example.com', subject: 'Confirm your email' });
    expect(mails[0]!.text).toMatch(/\/confirm-email\/[A-Za-z0-9_-]{40,}/);
    expect(mails[0]!.html).toContain('Confirm email');
  });

  it('never answers the password or its hash', async () => {
    const res = await (await t.client()).post('/api/signup', valid);
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|correct horse|password/i);
  });

  it('refuses a taken username without regard to case, and a taken email', async () => {
    await createUser(t.db.db, { username: 'switch_fan', email: 'someone@example.com' });
    const client = await t.client();
    const byName = await client.post('/api/signup', valid);
    expect(byName.status).toBe(409);
    expect(byName.body).toEqual({ message: 'username_exists', field: 'username' });
    const byEmail = await client.post('/api/signup', { ...valid, username: 'other_name', email: 'SOMEONE@example.com' });
    expect(byEmail.status).toBe(409);
    expect(byEmail.body).toEqual({ message: 'email_exists', field: 'email' });
  });

  it('lets the database settle a race between two identical sign-ups', async () => {
    const [a, b] = await Promise.all([t.client(), t.client()]);
    const results = await Promise.all([a.post('/api/signup', valid), b.post('/api/signup', valid)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await t.db.db.select().from(users)).toHaveLength(1);
  });

  it('makes ADMIN_USERNAMES admins at sign-up', async () => {
    const client = await t.client();
    await client.post('/api/signup', { ...valid, username: 'Boss' });
    expect((await client.get('/api/me/admin')).body).toEqual({ p: true });
  });

  it('records the referrer from ref', async () => {
    const referrer = await createUser(t.db.db, { username: 'keeb_friend' });
    await (await t.client()).post('/api/signup', { ...valid, ref: 'KEEB_FRIEND' });
    const [row] = await t.db.db.select().from(users).where(eq(users.email, 'fan@example.com'));
    expect(row?.referredBy).toBe(referrer.id);
  });
});

describe('sign-up by approval (SIGNUP_MODE=approved)', () => {
  const approved = useTestApp({ SIGNUP_MODE: 'approved' });

  it('answers not_found until the email is approved, and takes access requests', async () => {
    const client = await approved.client();
    const refused = await client.post('/api/signup', valid);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'not_found' });
    expect((await client.post('/api/request-access', { email: 'Fan@Example.com' })).body).toEqual({ ok: true });
    const { approveAccess } = await import('./admin');
    await approveAccess(approved.db.db, ['fan@example.com']);
    expect((await client.post('/api/signup', valid)).status).toBe(200);
  });
});
