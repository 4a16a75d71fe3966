import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { items, users } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { createItem, createUser } from '../../test/factories';
import { linkTokenFor, readOutbox } from '../../test/outbox';
import { hashPassword } from './passwords';

const t = useTestApp();

async function signedIn(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.db.db, {
    username: 'Settings_Fan',
    email: 'fan@example.com',
    passwordHash: await hashPassword('correct horse'),
    emailConfirmedAt: new Date(),
    ...overrides,
  });
  return { user, client: await t.clientAs(user.id) };
}

const update = { username: 'Settings_Fan', bio: 'Thock enjoyer', email: 'fan@example.com', shippingRegion: 'EU' };

describe('every /me call needs a session', () => {
  it.each([
    ['get', '/api/me'],
    ['get', '/api/me/verified'],
    ['get', '/api/me/settings'],
    ['get', '/api/me/region'],
    ['post', '/api/me/account'],
    ['post', '/api/me/remove'],
    ['post', '/api/me/avatar'],
    ['post', '/api/me/password'],
  ] as const)('%s %s answers 401 must login when logged out', async (method, url) => {
    const client = await t.client();
    const res = method === 'get' ? await client.get(url) : await client.post(url, {});
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'must login' });
  });
});

describe('GET /api/me and /api/me/settings', () => {
  it('answer the own profile stats and settings, never the password hash', async () => {
    const { user, client } = await signedIn({ avatar: '/uploads/avatars/a.jpg', shippingRegionCode: 'UK' });
    const me = await client.get('/api/me');
    expect(me.body).toEqual({ _id: { admin: false }, username: 'Settings_Fan', avatar: '/uploads/avatars/a.jpg', membershipType: 'member', karma: 0 });
    const settings = await client.get('/api/me/settings');
    expect(settings.body).toMatchObject({
      _id: { _id: user.id, email: 'fan@example.com', didConfirmEmail: true },
      username: 'Settings_Fan',
      shippingRegion: { code: 'UK', name: 'United Kingdom' },
      reddit: { isLinked: false, transactions: { count: 0, isTransferred: false } },
      referralLink: 'http://localhost:3000/signup?ref=Settings_Fan',
    });
    expect(Object.keys(settings.body._id.emailPreferences)).toHaveLength(10);
    expect(settings.body._id.emailPreferences.updates).toBe(false);
    expect(JSON.stringify([me.body, settings.body])).not.toMatch(/argon2|passwordHash/);
    expect((await client.get('/api/me/region')).body).toEqual({ code: 'UK', name: 'United Kingdom' });
  });

  it("never shows another user's email or any password hash", async () => {
    const other = await createUser(t.db.db, { email: 'secret@example.com', passwordHash: await hashPassword('their password') });
    await createItem(t.db.db, other.id);
    const { client } = await signedIn();
    const urls = ['/api/me', '/api/me/settings', '/api/me/logged-in', '/api/me/admin', '/api/me/verified', '/api/me/region', '/api/items', '/api/auth/providers', '/api/reddit/auth/credentials'];
    const answers = await Promise.all(urls.map((url) => client.get(url)));
    const all = JSON.stringify(answers.map((a) => a.body));
    expect(all).not.toContain('secret@example.com');
    expect(all).not.toMatch(/argon2|passwordHash|password_hash/);
  });
});

describe('POST /api/me/account', () => {
  it('saves username, bio, region and preferences', async () => {
    const { client } = await signedIn();
    const res = await client.post('/api/me/account', { ...update, username: 'New_Name', emailPreferences: { updates: true, offers: false } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: 'New_Name', bio: 'Thock enjoyer', shippingRegion: { code: 'EU', name: 'European Union' } });
    expect(res.body._id.emailPreferences).toMatchObject({ updates: true, offers: false, messages: true });
    expect(res.body._id.didConfirmEmail).toBe(true);
  });

  it.each([
    [{ ...update, username: '' }, 400, 'invalid username'],
    [{ ...update, username: 'ab' }, 400, 'username_short'],
    [{ ...update, username: 'x'.repeat(31) }, 400, 'username_long'],
    [{ ...update, shippingRegion: '' }, 400, 'shipping_region_required'],
    [{ ...update, email: ' ' }, 400, 'email_required'],
    [{ ...update, email: 'bad@' }, 400, 'email_format'],
  ])('refuses %o with %s and changes nothing', async (body, status, message) => {
    const { user, client } = await signedIn();
    const res = await client.post('/api/me/account', body);
    expect(res.status).toBe(status);
    expect(res.body.message).toBe(message);
    const [row] = await t.db.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ username: 'Settings_Fan', bio: '', shippingRegionCode: 'US' });
  });

  it('refuses a username or email another account has', async () => {
    await createUser(t.db.db, { username: 'taken_name', email: 'taken@example.com' });
    const { client } = await signedIn();
    expect((await client.post('/api/me/account', { ...update, username: 'TAKEN_NAME' })).body).toEqual({ message: 'username_exists', field: 'username' });
    expect((await client.post('/api/me/account', { ...update, email: 'taken@example.com', currentPassword: 'correct horse' })).body).toEqual({ message: 'email_exists', field: 'email' });
  });

  it('unconfirms a changed email until its new link is followed', async () => {
    const { client } = await signedIn();
    const res = await client.post('/api/me/account', { ...update, email: 'New@Example.com', currentPassword: 'correct horse' });
    expect(res.body._id).toMatchObject({ email: 'new@example.com', didConfirmEmail: false });
    await client.post('/api/confirm-email', { token: await linkTokenFor(t.config.outboxDir, 'new@example.com', '/confirm-email/') });
    expect((await client.get('/api/me/verified')).body).toEqual({ didConfirmEmail: true });
  });

  it('tells the old address of the change, without a link to act on the new one (issue 36)', async () => {
    const { client } = await signedIn();
    await client.post('/api/me/account', { ...update, email: 'new@example.com', currentPassword: 'correct horse' });
    const toOld = (await readOutbox(t.config.outboxDir)).filter((m) => m.to === 'fan@example.com');
    expect(toOld).toHaveLength(1);
    expect(toOld[0]!.subject).toBe('Your email address was changed');
    expect(toOld[0]!.text).toContain('the email address of your KeebMarket account was changed from fan@example.com to new@example.com');
    expect(toOld[0]!.text).not.toContain('/confirm-email/');
    // No mail to the old address when the email stays.
    await client.post('/api/me/account', { ...update, email: 'new@example.com', bio: 'again' });
    expect((await readOutbox(t.config.outboxDir)).filter((m) => m.to === 'fan@example.com')).toHaveLength(1);
  });

  it.each([
    [{}, 400, { message: 'password_required', field: 'currentPassword' }],
    [{ currentPassword: '' }, 400, { message: 'password_required', field: 'currentPassword' }],
    [{ currentPassword: 'wrong password' }, 403, { message: 'incorrect_password', field: 'currentPassword' }],
  ])('an email change with current password %o is refused (%i %o) and changes nothing', async (extra, status, answer) => {
    const { user, client } = await signedIn();
    const res = await client.post('/api/me/account', { ...update, username: 'Renamed_Too', email: 'thief@example.com', ...extra });
    expect(res.status).toBe(status);
    expect(res.body).toEqual(answer);
    const [row] = await t.db.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ username: 'Settings_Fan', email: 'fan@example.com', bio: '' });
    expect(row!.emailConfirmedAt).not.toBeNull();
    expect(await readOutbox(t.config.outboxDir)).toEqual([]);
  });

  it('needs no current password when the email stays (or only changes case)', async () => {
    const { client } = await signedIn();
    expect((await client.post('/api/me/account', { ...update, email: 'FAN@example.com' })).status).toBe(200);
    expect((await client.post('/api/me/account', { ...update, email: undefined })).status).toBe(200);
  });

  it("checks the caller's own password: another user's password does not move this email", async () => {
    await createUser(t.db.db, { username: 'someone_else', email: 'else@example.com', passwordHash: await hashPassword('their password') });
    const { user, client } = await signedIn();
    const res = await client.post('/api/me/account', { ...update, email: 'thief@example.com', currentPassword: 'their password' });
    expect(res.body).toEqual({ message: 'incorrect_password', field: 'currentPassword' });
    const [row] = await t.db.db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
    expect(row!.email).toBe('fan@example.com');
  });

  it('refuses an email change for federated accounts', async () => {
    const { client } = await signedIn({ googleId: 'google-123', passwordHash: null });
    const res = await client.post('/api/me/account', { ...update, email: 'other@example.com' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'federated_email', field: 'email' });
    expect((await client.post('/api/me/account', { ...update, email: undefined })).status).toBe(200);
  });
});

async function photo(format: 'jpeg' | 'png', withGps = false) {
  const image = sharp({ create: { width: 600, height: 400, channels: 3, background: '#5b8def' } });
  if (format === 'png') return image.png().toBuffer();
  return image
    .withExif(withGps ? { IFD0: { Make: 'KeebCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } } : {})
    .jpeg()
    .toBuffer();
}

describe('POST /api/me/avatar', () => {
  it('re-encodes a JPEG or PNG into a 256 px square without metadata, and the account update uses it', async () => {
    const { client } = await signedIn();
    for (const format of ['jpeg', 'png'] as const) {
      const res = await client.upload('/api/me/avatar', 'file', await photo(format, true), `me.${format}`);
      expect(res.status).toBe(200);
      expect(res.body.url).toMatch(/^\/uploads\/avatars\/[\w-]+\.jpg$/);
      const file = path.join(t.config.uploadsDir, res.body.url.replace('/uploads/', ''));
      expect(existsSync(file)).toBe(true);
      const meta = await sharp(file).metadata();
      expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 256, 256, undefined]);
      const saved = await client.post('/api/me/account', { ...update, profilePhoto: res.body.url });
      expect(saved.body.avatar).toBe(res.body.url);
    }
  });

  it('refuses what is not really a JPEG or PNG, whatever its name', async () => {
    const { client } = await signedIn();
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).gif().toBuffer();
    for (const [body, name] of [
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'me.png'],
      [gif, 'me.jpg'],
      [Buffer.from('not an image at all'), 'me.jpeg'],
    ] as const) {
      const res = await client.upload('/api/me/avatar', 'file', body, name);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'invalid_image' });
    }
  });

  it('refuses a profilePhoto that is not one of our avatar uploads (more in avatar-url.test.ts)', async () => {
    const { client } = await signedIn();
    const res = await client.post('/api/me/account', { ...update, profilePhoto: 'https://evil.example/x.jpg' });
    expect(res.body).toEqual({ message: 'invalid_image', field: 'profilePhoto' });
  });
});

describe('POST /api/me/remove', () => {
  it('needs the password: expected_fields when missing, incorrect_password when wrong, and the session stays', async () => {
    const { user, client } = await signedIn();
    expect((await client.post('/api/me/remove', {})).body).toEqual({ message: 'expected_fields', field: 'password' });
    const wrong = await client.post('/api/me/remove', { password: 'wrong password' });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ message: 'incorrect_password', field: 'password' });
    expect((await client.get('/api/me/logged-in')).body.isLoggedIn).toBe(true);
    expect((await client.get('/api/me/settings')).status).toBe(200);
    const [row] = await t.db.db.select({ removedAt: users.removedAt }).from(users).where(eq(users.id, user.id));
    expect(row!.removedAt).toBeNull();
  });

  it("removes only the caller's account: another user's password is just a wrong one", async () => {
    const other = await createUser(t.db.db, { username: 'someone_else', passwordHash: await hashPassword('their password') });
    const { user, client } = await signedIn();
    const res = await client.post('/api/me/remove', { password: 'their password' });
    expect(res.body).toEqual({ message: 'incorrect_password', field: 'password' });
    const rows = await t.db.db.select({ id: users.id, removedAt: users.removedAt }).from(users);
    expect(rows.filter((r) => [user.id, other.id].includes(r.id)).map((r) => r.removedAt)).toEqual([null, null]);
  });

  it('erases the account, signs it out everywhere, frees the name and takes its listings out of the feed', async () => {
    const { user, client } = await signedIn({ bio: 'about me', avatar: '/uploads/avatars/x.jpg' });
    const otherDevice = await t.clientAs(user.id);
    await createItem(t.db.db, user.id);
    const buyer = await createUser(t.db.db);
    const sold = await createItem(t.db.db, user.id, { purchaserId: buyer.id, priceSoldCents: 5000 });
    expect((await client.get('/api/items')).body).toHaveLength(1);

    const res = await client.post('/api/me/remove', { password: 'correct horse' });
    expect(res.body).toEqual({ ok: true });
    expect((await client.get('/api/me/logged-in')).body).toEqual({ isLoggedIn: false });
    expect((await otherDevice.get('/api/me/logged-in')).body).toEqual({ isLoggedIn: false });
    expect((await client.get('/api/items')).body).toEqual([]);
    // The sale stays in the buyer's records.
    const [soldRow] = await t.db.db.select({ removedAt: items.removedAt }).from(items).where(eq(items.id, sold.id));
    expect(soldRow!.removedAt).toBeNull();

    const [row] = await t.db.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ bio: '', avatar: null, passwordHash: null });
    expect(row!.removedAt).not.toBeNull();
    expect(row!.email).not.toContain('fan@example.com');
    // The name and address are free again.
    const again = await (await t.client()).post('/api/signup', { username: 'Settings_Fan', password: 'correct horse', email: 'fan@example.com', shippingRegion: 'US' });
    expect(again.status).toBe(200);
  });

  it('answers TooManyRequests after repeated wrong passwords', async () => {
    const { client } = await signedIn();
    for (let i = 0; i < 5; i++) await client.post('/api/me/remove', { password: 'wrong password' });
    const res = await client.post('/api/me/remove', { password: 'correct horse' });
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ code: 'TooManyRequests' });
  });
});
