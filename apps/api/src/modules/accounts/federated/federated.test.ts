import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema/index';
import { useTestApp } from '../../../test/app';
import { createUser } from '../../../test/factories';
import { startFakeFacebook } from '../../../test/fakes/facebook';
import { GOOGLE_CLIENT_ID, startFakeGoogle } from '../../../test/fakes/google';
import { baseUsername } from './service';

const google = await startFakeGoogle();
const facebook = await startFakeFacebook();
afterAll(() => Promise.all([google.close(), facebook.close()]));

const APP_URL = 'http://keeb.test';
const t = useTestApp({ ...google.env, ...facebook.env, PUBLIC_URL: APP_URL });
const browser = () => t.client();
const allUsers = () => t.db.db.select().from(users);

describe('POST /api/auth/google/verify', () => {
  it('creates an account for a new Google identity and signs it in', async () => {
    const client = await browser();
    const res = await client.post('/api/auth/google/verify', { token: await google.idToken({ sub: 'g-ada', email: 'Ada@Gmail.com', name: 'Ada Lovelace' }) });
    expect(res.status).toBe(200);
    const [row] = await allUsers();
    expect(res.body).toEqual({ isLoggedIn: true, username: 'AdaLovelace', userId: row!.id });
    expect(row).toMatchObject({ username: 'AdaLovelace', email: 'ada@gmail.com', googleId: 'g-ada', facebookId: null, passwordHash: null });
    // Google verified the address, so there is nothing left to confirm.
    expect(row!.emailConfirmedAt).toBeInstanceOf(Date);
    expect((await client.get('/api/me/logged-in')).body).toEqual({ isLoggedIn: true, username: 'AdaLovelace', userId: row!.id });
  });

  it('signs a returning Google user in to their account without creating another', async () => {
    const user = await createUser(t.db.db, { username: 'Returning', googleId: 'g-back', email: 'back@gmail.com' });
    const client = await browser();
    const res = await client.post('/api/auth/google/verify', { token: await google.idToken({ sub: 'g-back', email: 'back@gmail.com', name: 'Someone Else' }) });
    expect(res.body).toEqual({ isLoggedIn: true, username: 'Returning', userId: user.id });
    expect(await allUsers()).toHaveLength(1);
    expect((await client.get('/api/me/logged-in')).body.userId).toBe(user.id);
  });

  it('answers email_exists when the address belongs to another account, and signs nobody in', async () => {
    await createUser(t.db.db, { email: 'ada@gmail.com', passwordHash: 'x' });
    const client = await browser();
    const res = await client.post('/api/auth/google/verify', { token: await google.idToken({ sub: 'g-new', email: 'ada@gmail.com' }) });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'email_exists' });
    expect(await allUsers()).toHaveLength(1);
    expect((await client.get('/api/me/logged-in')).body).toEqual({ isLoggedIn: false });
  });

  it.each([
    ['a forged signature', { forged: true }],
    ['another app as audience', { aud: 'someone-else.apps.googleusercontent.com' }],
    ['another issuer', { iss: 'https://evil.example' }],
    ['an expired token', { expiresIn: -120 }],
    ['an unverified email', { email_verified: false }],
  ])('answers 401 google_failed for %s', async (_case, options) => {
    const client = await browser();
    const res = await client.post('/api/auth/google/verify', { token: await google.idToken(options) });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'google_failed' });
    expect(await allUsers()).toEqual([]);
    expect((await client.get('/api/me/logged-in')).body).toEqual({ isLoggedIn: false });
  });

  it('answers google_failed for a token that is no JWT, and for a missing one', async () => {
    const client = await browser();
    expect((await client.post('/api/auth/google/verify', { token: 'not.a.jwt' })).body).toEqual({ message: 'google_failed' });
    const missing = await client.post('/api/auth/google/verify', {});
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ message: 'google_failed' });
  });

  it('makes an account that cannot sign in with a password (login answers google_login)', async () => {
    await (await browser()).post('/api/auth/google/verify', { token: await google.idToken({ name: 'Ada Lovelace' }) });
    const res = await (await t.client()).post('/api/login', { username: 'AdaLovelace', password: 'any password at all' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'google_login' });
  });

  it('numbers the username when the name is taken', async () => {
    await createUser(t.db.db, { username: 'adalovelace' });
    const res = await (await browser()).post('/api/auth/google/verify', { token: await google.idToken({ name: 'Ada Lovelace' }) });
    expect(res.body.username).toBe('AdaLovelace2');
  });

  it('replaces a signed-in session with the Google account (another user signed in)', async () => {
    const other = await createUser(t.db.db);
    const client = await t.clientAs(other.id);
    const res = await client.post('/api/auth/google/verify', { token: await google.idToken({ sub: 'g-ada' }) });
    expect(res.status).toBe(200);
    const [created] = await t.db.db.select().from(users).where(eq(users.googleId, 'g-ada'));
    expect(res.body.userId).toBe(created!.id);
    expect((await client.get('/api/me/logged-in')).body.userId).toBe(created!.id);
  });

  it('fetched the signing keys from the configured JWKS address', () => {
    expect(google.requests.some((r) => r.path === '/oauth2/v3/certs')).toBe(true);
    expect(GOOGLE_CLIENT_ID).toMatch(/apps\.googleusercontent\.com$/);
  });
});

describe('usernames derived from a provider profile', () => {
  it.each([
    ['Ada Lovelace', 'ada@gmail.com', 'AdaLovelace'],
    ['José Müller-Lüdenscheidt', 'jm@example.com', 'JoseMuller-Ludenscheidt'],
    ['李小龙', 'bruce.lee@example.com', 'brucelee'],
    ['Al', 'al.b@example.com', 'alb'],
    ['Admin', 'admin@example.com', 'trader'],
    ['', 'x@example.com', 'trader'],
    ['A'.repeat(40), 'a@example.com', 'A'.repeat(30)],
  ])('%s <%s> -> %s', (name, email, expected) => {
    expect(baseUsername(name, email)).toBe(expected);
  });
});

describe('GET /api/auth/facebook', () => {
  it('answers the consent URL with our client id, the sign-in page as redirect_uri and a random state', async () => {
    const client = await browser();
    const res = await client.get('/api/auth/facebook?type=signin');
    expect(res.status).toBe(200);
    const url = new URL(res.body.redirectUrl);
    expect(`${url.origin}${url.pathname}`).toBe(facebook.env.FACEBOOK_AUTH_URL);
    expect(url.searchParams.get('client_id')).toBe(facebook.env.FACEBOOK_APP_ID);
    expect(url.searchParams.get('redirect_uri')).toBe(`${APP_URL}/login`);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')).toContain('email');
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    const again = new URL((await client.get('/api/auth/facebook?type=signin')).body.redirectUrl);
    expect(again.searchParams.get('state')).not.toBe(url.searchParams.get('state'));
  });

  it('sends sign-ups back to the sign-up page', async () => {
    const res = await (await browser()).get('/api/auth/facebook?type=signup');
    expect(new URL(res.body.redirectUrl).searchParams.get('redirect_uri')).toBe(`${APP_URL}/signup`);
  });

  it('refuses an unknown type', async () => {
    const res = await (await browser()).get('/api/auth/facebook?type=steal');
    expect(res.status).toBe(400);
  });
});

describe('POST /api/auth/facebook/verify', () => {
  const grace = { id: 'fb-grace', name: 'Grace Hopper', email: 'Grace@Example.com' };

  async function start(client: Awaited<ReturnType<typeof browser>>, type: 'signin' | 'signup' = 'signin') {
    const res = await client.get(`/api/auth/facebook?type=${type}`);
    return new URL(res.body.redirectUrl).searchParams.get('state')!;
  }

  it('creates the account from the Facebook profile and signs it in', async () => {
    const client = await browser();
    const state = await start(client, 'signup');
    const code = facebook.issueCode(grace, `${APP_URL}/signup`);
    const res = await client.post('/api/auth/facebook/verify', { code, type: 'signup', state });
    expect(res.status).toBe(200);
    const [row] = await allUsers();
    expect(res.body).toEqual({ isLoggedIn: true, username: 'GraceHopper', userId: row!.id });
    expect(row).toMatchObject({ email: 'grace@example.com', facebookId: 'fb-grace', googleId: null, passwordHash: null });
    expect(row!.emailConfirmedAt).toBeInstanceOf(Date);
    expect((await client.get('/api/me/logged-in')).body).toEqual({ isLoggedIn: true, username: 'GraceHopper', userId: row!.id });
    const login = await (await t.client()).post('/api/login', { username: 'GraceHopper', password: 'whatever123' });
    expect(login.body).toEqual({ message: 'facebook_login' });
  });

  it('signs a returning Facebook user in, even one whose profile has no email', async () => {
    const user = await createUser(t.db.db, { username: 'PhoneOnly', facebookId: 'fb-phone' });
    const client = await browser();
    const state = await start(client);
    const code = facebook.issueCode({ id: 'fb-phone', name: 'Phone Only' }, `${APP_URL}/login`);
    const res = await client.post('/api/auth/facebook/verify', { code, type: 'signin', state });
    expect(res.body).toEqual({ isLoggedIn: true, username: 'PhoneOnly', userId: user.id });
    expect(await allUsers()).toHaveLength(1);
  });

  it('refuses a state this browser did not start with, before asking Facebook anything', async () => {
    const attacker = await browser();
    const attackerState = await start(attacker);
    const victim = await browser();
    await start(victim);
    const before = facebook.requests.length;
    const code = facebook.issueCode(grace, `${APP_URL}/login`);
    for (const state of [attackerState, 'made-up-state']) {
      const res = await victim.post('/api/auth/facebook/verify', { code, type: 'signin', state });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'facebook_failed' });
    }
    expect(facebook.requests.length).toBe(before);
    expect(await allUsers()).toEqual([]);
    expect((await victim.get('/api/me/logged-in')).body).toEqual({ isLoggedIn: false });
  });

  it('refuses a verify that never started, a state used twice and a type that differs from the start', async () => {
    const fresh = await browser();
    const code = facebook.issueCode(grace, `${APP_URL}/login`);
    expect((await fresh.post('/api/auth/facebook/verify', { code, type: 'signin', state: 'x'.repeat(32) })).body).toEqual({ message: 'facebook_failed' });

    const client = await browser();
    const state = await start(client, 'signin');
    expect((await client.post('/api/auth/facebook/verify', { code, type: 'signup', state })).body).toEqual({ message: 'facebook_failed' });
    // The mismatched attempt used the state up.
    expect((await client.post('/api/auth/facebook/verify', { code, type: 'signin', state })).body).toEqual({ message: 'facebook_failed' });
  });

  it('answers email_exists when the address belongs to another account', async () => {
    await createUser(t.db.db, { email: 'grace@example.com', passwordHash: 'x' });
    const client = await browser();
    const state = await start(client);
    const res = await client.post('/api/auth/facebook/verify', { code: facebook.issueCode(grace, `${APP_URL}/login`), type: 'signin', state });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'email_exists' });
    expect((await client.get('/api/me/logged-in')).body).toEqual({ isLoggedIn: false });
  });

  it('cannot create an account from a profile without an email', async () => {
    const client = await browser();
    const state = await start(client);
    const res = await client.post('/api/auth/facebook/verify', { code: facebook.issueCode({ id: 'fb-anon', name: 'No Mail' }, `${APP_URL}/login`), type: 'signin', state });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'facebook_failed' });
    expect(await allUsers()).toEqual([]);
  });

  it('answers facebook_failed when Facebook refuses the code (used, or for another redirect_uri)', async () => {
    const client = await browser();
    const wrongPage = facebook.issueCode(grace, `${APP_URL}/signup`);
    const res = await client.post('/api/auth/facebook/verify', { code: wrongPage, type: 'signin', state: await start(client) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'facebook_failed' });
  });

  it('answers facebook_failed for a missing code or state', async () => {
    const client = await browser();
    const state = await start(client);
    expect((await client.post('/api/auth/facebook/verify', { type: 'signin', state })).body).toMatchObject({ message: 'facebook_failed' });
    expect((await client.post('/api/auth/facebook/verify', { code: 'c', type: 'signin' })).body).toMatchObject({ message: 'facebook_failed' });
  });

  it('signs the Facebook user in when another user was signed in', async () => {
    const other = await createUser(t.db.db);
    const client = await t.clientAs(other.id);
    const state = new URL((await client.get('/api/auth/facebook?type=signin')).body.redirectUrl).searchParams.get('state')!;
    const res = await client.post('/api/auth/facebook/verify', { code: facebook.issueCode(grace, `${APP_URL}/login`), type: 'signin', state });
    expect(res.status).toBe(200);
    expect(res.body.username).toBe('GraceHopper');
    expect(res.body.userId).not.toBe(other.id);
  });
});
