import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { readOutbox } from '../../test/outbox';
import { hashPassword } from './passwords';

const t = useTestApp();

async function member(username = 'Pass_Changer') {
  const user = await createUser(t.db.db, {
    username,
    email: `${username.toLowerCase()}@example.com`,
    passwordHash: await hashPassword('old password'),
    emailConfirmedAt: new Date(),
  });
  return { user, client: await t.clientAs(user.id) };
}

const hashOf = async (userId: string) => (await t.db.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)))[0]?.hash;
const loginStatus = async (username: string, password: string) => (await (await t.client()).post('/api/login', { username, password })).status;

describe('POST /api/me/password', () => {
  it('needs a session', async () => {
    const res = await (await t.client()).post('/api/me/password', { currentPassword: 'old password', password: 'brand new password' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'must login' });
  });

  it.each([
    [{ password: 'brand new password' }, { message: 'password_required', field: 'currentPassword' }],
    [{ currentPassword: 'old password' }, { message: 'password_required', field: 'password' }],
    [{ currentPassword: 'old password', password: 'short' }, { message: 'invalid_password', field: 'password' }],
  ])('refuses %o with 400 %o and changes nothing', async (body, answer) => {
    const { user, client } = await member();
    const before = await hashOf(user.id);
    const res = await client.post('/api/me/password', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(answer);
    expect(await hashOf(user.id)).toBe(before);
  });

  it('refuses a wrong current password with incorrect_password and changes nothing', async () => {
    const { user, client } = await member();
    const otherDevice = await t.clientAs(user.id);
    const res = await client.post('/api/me/password', { currentPassword: 'wrong password', password: 'brand new password' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'incorrect_password', field: 'currentPassword' });
    expect((await client.get('/api/me/logged-in')).body.isLoggedIn).toBe(true);
    expect((await otherDevice.get('/api/me/logged-in')).body.isLoggedIn).toBe(true);
    expect(await loginStatus('Pass_Changer', 'old password')).toBe(200);
    expect(await loginStatus('Pass_Changer', 'brand new password')).toBe(401);
    expect(await readOutbox(t.config.outboxDir)).toEqual([]);
  });

  it('changes the password, keeps this session, signs out every other one and mails the user', async () => {
    const { user, client } = await member();
    const otherDevice = await t.clientAs(user.id);
    const res = await client.post('/api/me/password', { currentPassword: 'old password', password: 'brand new password' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });

    expect((await client.get('/api/me/logged-in')).body).toMatchObject({ isLoggedIn: true, userId: user.id });
    expect((await client.get('/api/me/settings')).status).toBe(200);
    expect((await otherDevice.get('/api/me/logged-in')).body).toEqual({ isLoggedIn: false });

    expect(await loginStatus('Pass_Changer', 'old password')).toBe(401);
    expect(await loginStatus('Pass_Changer', 'brand new password')).toBe(200);

    const mails = await readOutbox(t.config.outboxDir);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'pass_changer@example.com', subject: 'Your password was changed' });
    expect(mails[0]!.text).toContain('/forgot-password');
    expect(mails[0]!.text).not.toContain('brand new password');
  });

  it("only ever changes the caller's own password: another user's password is just a wrong one", async () => {
    const { user: victim } = await member('Victim_Here');
    const { user: other, client: otherClient } = await member('Other_User');
    const victimHash = await hashOf(victim.id);
    const otherHash = await hashOf(other.id);
    // Both passwords are 'old password': the other user knows theirs, and it changes theirs only.
    const res = await otherClient.post('/api/me/password', { currentPassword: 'old password', password: 'brand new password', userId: victim.id });
    expect(res.status).toBe(200);
    expect(await hashOf(victim.id)).toBe(victimHash);
    expect(await hashOf(other.id)).not.toBe(otherHash);
    expect(await loginStatus('Victim_Here', 'old password')).toBe(200);
  });

  it('allows 5 wrong guesses per account in 15 minutes (shared with removal and e-mail changes), then TooManyRequests', async () => {
    const { user, client } = await member();
    for (let i = 0; i < 3; i++) await client.post('/api/me/password', { currentPassword: 'wrong password', password: 'brand new password' });
    await client.post('/api/me/remove', { password: 'wrong password' });
    await client.post('/api/me/account', { username: 'Pass_Changer', shippingRegion: 'US', email: 'moved@example.com', currentPassword: 'wrong password' });
    // A second session of the same account shares the count.
    const otherDevice = await t.clientAs(user.id);
    const res = await otherDevice.post('/api/me/password', { currentPassword: 'old password', password: 'brand new password' });
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ code: 'TooManyRequests' });
    expect(await loginStatus('Pass_Changer', 'old password')).toBe(200);
  });

  it('lets no more than 5 of 12 parallel wrong guesses be compared, and right passwords use up nothing', async () => {
    const { user, client } = await member();
    for (let i = 0; i < 6; i++) {
      const right = await client.post('/api/me/account', { username: 'Pass_Changer', shippingRegion: 'US', email: `moved${i}@example.com`, currentPassword: 'old password' });
      expect(right.status).toBe(200);
    }
    const answers = await Promise.all(Array.from({ length: 12 }, () => client.post('/api/me/remove', { password: 'wrong password' })));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 403)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
    expect(await hashOf(user.id)).not.toBeNull();
  });

  it('refuses an account without a password (federated) as a wrong password', async () => {
    const user = await createUser(t.db.db, { googleId: 'google-1', passwordHash: null });
    const client = await t.clientAs(user.id);
    const res = await client.post('/api/me/password', { currentPassword: 'anything at all', password: 'brand new password' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'incorrect_password', field: 'currentPassword' });
    expect(await hashOf(user.id)).toBeNull();
  });
});
