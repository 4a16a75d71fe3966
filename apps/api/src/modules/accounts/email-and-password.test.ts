import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountTokens, users } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { linkTokenFor, readOutbox } from '../../test/outbox';
import { hashPassword } from './passwords';

const t = useTestApp({ REFERRAL_KARMA: '25' });
const signup = { username: 'new_member', password: 'correct horse', email: 'new@example.com', shippingRegion: 'CA' };

describe('email confirmation', () => {
  it('confirms once with the mailed link; the link is single-use', async () => {
    const client = await t.client();
    await client.post('/api/signup', signup);
    expect((await client.get('/api/me/verified')).body).toEqual({ didConfirmEmail: false });
    const token = await linkTokenFor(t.config.outboxDir, 'new@example.com', '/confirm-email/');

    const confirmed = await client.post('/api/confirm-email', { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toBe(true);
    expect((await client.get('/api/me/verified')).body).toEqual({ didConfirmEmail: true });

    const again = await client.post('/api/confirm-email', { token });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: 'invalid_token' });
  });

  it('stores only a hash of the token', async () => {
    await (await t.client()).post('/api/signup', signup);
    const token = await linkTokenFor(t.config.outboxDir, 'new@example.com', '/confirm-email/');
    const rows = await t.db.db.select({ hash: accountTokens.tokenHash }).from(accountTokens);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.hash).not.toContain(token);
    expect(rows[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses an expired link, an unknown one and an empty one', async () => {
    const client = await t.client();
    await client.post('/api/signup', signup);
    const token = await linkTokenFor(t.config.outboxDir, 'new@example.com', '/confirm-email/');
    await t.db.db.update(accountTokens).set({ expiresAt: sql`now() - interval '1 minute'` });
    expect((await client.post('/api/confirm-email', { token })).body).toEqual({ message: 'invalid_token' });
    expect((await client.post('/api/confirm-email', { token: 'x'.repeat(43) })).body).toEqual({ message: 'invalid_token' });
    expect((await client.post('/api/confirm-email', {})).body).toEqual({ message: 'invalid_token', field: 'token' });
  });

  it('credits the referrer once, when the referred account confirms', async () => {
    const referrer = await createUser(t.db.db, { username: 'old_timer' });
    const referrerClient = await t.clientAs(referrer.id);
    const client = await t.client();
    await client.post('/api/signup', { ...signup, ref: 'old_timer' });
    expect((await referrerClient.get('/api/me')).body.karma).toBe(0);
    await client.post('/api/confirm-email', { token: await linkTokenFor(t.config.outboxDir, 'new@example.com', '/confirm-email/') });
    expect((await referrerClient.get('/api/me')).body.karma).toBe(25);
    // A fresh confirmation after an email change does not pay again.
    await client.post('/api/me/account', { username: 'new_member', shippingRegion: 'CA', email: 'new2@example.com', currentPassword: 'correct horse' });
    await client.post('/api/confirm-email', { token: await linkTokenFor(t.config.outboxDir, 'new2@example.com', '/confirm-email/') });
    expect((await referrerClient.get('/api/me')).body.karma).toBe(25);
  });

  it('resends the link to a signed-in unconfirmed user, and a link for an old address stops working', async () => {
    const client = await t.client();
    await client.post('/api/signup', signup);
    const first = await linkTokenFor(t.config.outboxDir, 'new@example.com', '/confirm-email/');
    expect((await client.get('/api/resend-confirmation')).body).toBe(true);
    expect((await readOutbox(t.config.outboxDir)).length).toBe(2);
    // The resent link replaces the first.
    expect((await client.post('/api/confirm-email', { token: first })).status).toBe(400);
    expect((await client.post('/api/confirm-email', { token: await linkTokenFor(t.config.outboxDir, 'new@example.com', '/confirm-email/') })).status).toBe(200);
  });

  it('needs a session to resend', async () => {
    const res = await (await t.client()).get('/api/resend-confirmation');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'must login' });
  });
});

describe('password reset', () => {
  async function member() {
    return createUser(t.db.db, { username: 'forgetful', email: 'forget@example.com', passwordHash: await hashPassword('old password') });
  }

  it.each([
    [{}, 'email_required'],
    [{ email: '   ' }, 'email_required'],
    [{ email: 'nope' }, 'email_format'],
  ])('validates %o', async (body, message) => {
    const res = await (await t.client()).post('/api/password/forgot', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message, field: 'email' });
  });

  it('answers not_found for an unknown email and teapot for our own addresses, sending nothing', async () => {
    const client = await t.client();
    const unknown = await client.post('/api/password/forgot', { email: 'ghost@example.com' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'not_found' });
    const ours = await client.post('/api/password/forgot', { email: 'no-reply@keebmarket.local' });
    expect(ours.status).toBe(418);
    expect(ours.body).toEqual({ message: 'teapot' });
    expect(await readOutbox(t.config.outboxDir)).toEqual([]);
  });

  it('mails a one-hour, single-use link that sets a new password and signs out everywhere', async () => {
    const user = await member();
    const oldSession = await t.clientAs(user.id);
    const client = await t.client();
    expect((await client.post('/api/password/forgot', { email: 'Forget@Example.com' })).body).toEqual({ ok: true });
    const token = await linkTokenFor(t.config.outboxDir, 'forget@example.com', '/reset-password/');

    expect((await client.post(`/api/password/${token}/valid`)).body).toEqual({ valid: true });
    const short = await client.post(`/api/password/${token}/reset`, { password: 'short' });
    expect(short.status).toBe(400);
    expect(short.body).toEqual({ message: 'invalid_password', field: 'password' });
    expect((await client.post(`/api/password/${token}/reset`, {})).body).toEqual({ message: 'password_required', field: 'password' });

    const reset = await client.post(`/api/password/${token}/reset`, { password: 'brand new password' });
    expect(reset.status).toBe(200);
    expect(reset.body).toBe(true);
    expect((await oldSession.get('/api/me/logged-in')).body).toEqual({ isLoggedIn: false });
    expect((await client.post('/api/login', { username: 'forgetful', password: 'old password' })).status).toBe(401);
    expect((await client.post('/api/login', { username: 'forgetful', password: 'brand new password' })).status).toBe(200);

    // Single use.
    expect((await client.post(`/api/password/${token}/valid`)).body).toEqual({ valid: false });
    expect((await client.post(`/api/password/${token}/reset`, { password: 'another password' })).body).toBe(false);
  });

  it('refuses an expired link', async () => {
    await member();
    const client = await t.client();
    await client.post('/api/password/forgot', { email: 'forget@example.com' });
    const token = await linkTokenFor(t.config.outboxDir, 'forget@example.com', '/reset-password/');
    await t.db.db.update(accountTokens).set({ expiresAt: sql`now() - interval '1 second'` });
    expect((await client.post(`/api/password/${token}/valid`)).body).toEqual({ valid: false });
    expect((await client.post(`/api/password/${token}/reset`, { password: 'brand new password' })).body).toBe(false);
    const [row] = await t.db.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, 'forget@example.com'));
    expect(row?.hash).toBeTruthy();
    expect((await client.post('/api/login', { username: 'forgetful', password: 'old password' })).status).toBe(200);
  });

  it('a newer link retires the older one', async () => {
    await member();
    const client = await t.client();
    await client.post('/api/password/forgot', { email: 'forget@example.com' });
    const first = await linkTokenFor(t.config.outboxDir, 'forget@example.com', '/reset-password/');
    await client.post('/api/password/forgot', { email: 'forget@example.com' });
    expect((await client.post(`/api/password/${first}/valid`)).body).toEqual({ valid: false });
  });
});
