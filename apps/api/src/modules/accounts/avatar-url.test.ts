import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { readOutbox } from '../../test/outbox';

const t = useTestApp();

const update = { username: 'avatar_fan', bio: '', shippingRegion: 'US' };
const jpeg = () => sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } }).jpeg().toBuffer();

async function signedIn(username = 'avatar_fan', email = 'fan@example.com') {
  const user = await createUser(t.db.db, { username, email });
  return { user, client: await t.clientAs(user.id) };
}

const avatarOf = async (userId: string) => (await t.db.db.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId)))[0]?.avatar;

describe('profilePhoto accepts only an avatar this user uploaded', () => {
  it.each([
    '/uploads/avatars/../../api/resend-confirmation',
    '/uploads/avatars/x.jpg"><img src=x onerror=alert(1)>',
    '/uploads/avatars/',
    'https://evil.example/x.jpg',
  ])('refuses %s and changes nothing', async (profilePhoto) => {
    const { user, client } = await signedIn();
    const res = await client.post('/api/me/account', { ...update, bio: 'changed', profilePhoto });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'invalid_image', field: 'profilePhoto' });
    expect(await avatarOf(user.id)).toBeNull();
    const [row] = await t.db.db.select({ bio: users.bio }).from(users).where(eq(users.id, user.id));
    expect(row?.bio).toBe('');
  });

  it("refuses another user's uploaded avatar and accepts one's own", async () => {
    const other = await signedIn('other_fan', 'other@example.com');
    const theirs = (await other.client.upload('/api/me/avatar', 'file', await jpeg(), 'me.jpg')).body.url as string;
    const { user, client } = await signedIn();
    expect((await client.post('/api/me/account', { ...update, profilePhoto: theirs })).status).toBe(400);
    const mine = (await client.upload('/api/me/avatar', 'file', await jpeg(), 'me.jpg')).body.url as string;
    const res = await client.post('/api/me/account', { ...update, profilePhoto: mine });
    expect(res.status).toBe(200);
    expect(await avatarOf(user.id)).toBe(mine);
  });
});

describe('GET /api/resend-confirmation only from the app', () => {
  it('refuses a request a page element would make (cookies, no XSRF header) and sends no mail', async () => {
    const { client } = await signedIn();
    const res = await supertest(t.app).get('/api/resend-confirmation').set('Cookie', client.cookie);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'invalid_xsrf_token' });
    expect(await readOutbox(t.config.outboxDir)).toEqual([]);
  });

  it('resends when the app asks (the XSRF header it sends on every call)', async () => {
    const { client } = await signedIn();
    const res = await client.get('/api/resend-confirmation').set('X-XSRF-TOKEN', client.xsrf);
    expect(res.status).toBe(200);
    expect((await readOutbox(t.config.outboxDir)).map((m) => m.to)).toEqual(['fan@example.com']);
  });
});
