import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import * as admin from './admin';
import { grantAdmin } from './admin';

const t = useTestApp({ ADMIN_USERNAMES: 'boss,chief' });

const signup = { password: 'correct horse', shippingRegion: 'US' };
const rename = (username: string) => ({ username, bio: '', shippingRegion: 'US' });
// What start-up runs (bootstrap.ts), looked up by name so this file fails clearly where it does not exist.
const startUp = () => (admin as Record<string, unknown>)['applyAdminBootstrap'] as (db: unknown, names: string[]) => Promise<string[]>;

async function isAdmin(userId: string) {
  const [row] = await t.db.db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, userId));
  return row?.isAdmin;
}

describe('granting admin rights (npm run admin)', () => {
  it('grants by username without regard to case and reports who matched', async () => {
    await createUser(t.db.db, { username: 'Alice' });
    const bob = await createUser(t.db.db, { username: 'bob' });
    const granted = await grantAdmin(t.db.db, ['alice', 'nobody']);
    expect(granted).toEqual(['Alice']);
    const bobClient = await t.clientAs(bob.id);
    expect((await bobClient.get('/api/me/admin')).body).toEqual({ p: false });
  });
});

describe('ADMIN_USERNAMES grants an account once, never a name', () => {
  it('a new sign-up with the name an admin renamed away from is no admin', async () => {
    const first = await t.client();
    expect((await first.post('/api/signup', { ...signup, username: 'Boss', email: 'boss@example.com' })).status).toBe(200);
    expect((await first.get('/api/me/admin')).body).toEqual({ p: true });
    expect((await first.post('/api/me/account', rename('Former_Boss'))).status).toBe(200);
    // Rights stay with the account that was made admin.
    expect((await first.get('/api/me/admin')).body).toEqual({ p: true });

    const newcomer = await t.client();
    expect((await newcomer.post('/api/signup', { ...signup, username: 'boss', email: 'new@example.com' })).status).toBe(200);
    expect((await newcomer.get('/api/me/admin')).body).toEqual({ p: false });
  });

  it('a rename into a granted name is not promoted at the next start', async () => {
    const boss = await createUser(t.db.db, { username: 'boss' });
    const mallory = await createUser(t.db.db, { username: 'mallory' });
    expect(await startUp()(t.db.db, t.config.adminUsernames)).toEqual(['boss']);
    const bossClient = await t.clientAs(boss.id);
    expect((await bossClient.post('/api/me/account', rename('retired_boss'))).status).toBe(200);
    const malloryClient = await t.clientAs(mallory.id);
    expect((await malloryClient.post('/api/me/account', rename('Boss'))).status).toBe(200);

    expect(await startUp()(t.db.db, t.config.adminUsernames)).toEqual([]);
    expect(await isAdmin(mallory.id)).toBe(false);
    expect(await isAdmin(boss.id)).toBe(true);
  });

  it('a removed admin frees the name without passing the rights on', async () => {
    const boss = await createUser(t.db.db, { username: 'boss' });
    await startUp()(t.db.db, t.config.adminUsernames);
    await t.db.db.update(users).set({ username: 'removed-x', removedAt: new Date(), isAdmin: false }).where(eq(users.id, boss.id));
    const heir = await createUser(t.db.db, { username: 'boss', email: 'heir@example.com' });
    expect(await startUp()(t.db.db, t.config.adminUsernames)).toEqual([]);
    expect(await isAdmin(heir.id)).toBe(false);
  });

  it('refuses renaming into a listed name that has not granted yet', async () => {
    const mallory = await createUser(t.db.db, { username: 'mallory' });
    const client = await t.clientAs(mallory.id);
    const res = await client.post('/api/me/account', rename('CHIEF'));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'username_exists', field: 'username' });
    expect(await startUp()(t.db.db, t.config.adminUsernames)).toEqual([]);
    expect(await isAdmin(mallory.id)).toBe(false);
  });

  it('grants the first holder at start once, and the same account keeps it', async () => {
    const chief = await createUser(t.db.db, { username: 'Chief' });
    expect(await startUp()(t.db.db, t.config.adminUsernames)).toEqual(['Chief']);
    expect(await startUp()(t.db.db, t.config.adminUsernames)).toEqual([]);
    expect(await isAdmin(chief.id)).toBe(true);
  });
});
