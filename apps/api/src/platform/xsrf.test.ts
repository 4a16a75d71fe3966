import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../modules/accounts/passwords';
import { useTestApp } from '../test/app';
import { createUser } from '../test/factories';

const t = useTestApp();

const member = async () => createUser(t.db.db, { username: 'tofu_fan', email: 'tofu@example.com', passwordHash: await hashPassword('correct horse') });

describe('XSRF tokens are signed and bound to the session', () => {
  it('refuses a cookie and header pair that this server did not issue', async () => {
    const planted = 'a'.repeat(43);
    const res = await supertest(t.app).post('/api/logout').set('Cookie', `XSRF-TOKEN=${planted}`).set('X-XSRF-TOKEN', planted);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'invalid_xsrf_token' });
  });

  it('refuses a pair with a forged signature', async () => {
    const client = await t.client();
    const [nonce] = client.xsrf.split('.');
    const forged = `${nonce}.${'b'.repeat(43)}`;
    const res = await supertest(t.app).post('/api/logout').set('Cookie', `XSRF-TOKEN=${forged}`).set('X-XSRF-TOKEN', forged);
    expect(res.status).toBe(403);
  });

  it('lets a signed-out visitor sign in with the token issued before, then issues a new one for the session', async () => {
    await member();
    const client = await t.client();
    const anonymous = client.xsrf;
    const login = await client.post('/api/login', { username: 'tofu_fan', password: 'correct horse' });
    expect(login.status).toBe(200);
    expect(client.xsrf).not.toBe(anonymous);
    // The signed-in session works with the new token...
    expect((await client.post('/api/item/00000000-0000-4000-8000-000000000000/save')).status).toBe(404);
    // ...and refuses the token of the signed-out state, even as a matching pair.
    const stale = await supertest(t.app)
      .post('/api/logout')
      .set('Cookie', `${client.cookie.split('; ').filter((c) => !c.startsWith('XSRF-TOKEN=')).join('; ')}; XSRF-TOKEN=${anonymous}`)
      .set('X-XSRF-TOKEN', anonymous);
    expect(stale.status).toBe(403);
    // Signing out issues a token for the signed-out state again.
    const signedIn = client.xsrf;
    expect((await client.post('/api/logout')).status).toBe(200);
    expect(client.xsrf).not.toBe(signedIn);
    expect((await client.post('/api/login', { username: 'tofu_fan', password: 'correct horse' })).status).toBe(200);
  });

  it("refuses another session's token pair with this session's cookie", async () => {
    const alice = await createUser(t.db.db, { username: 'alice' });
    const bob = await createUser(t.db.db, { username: 'bob' });
    const aliceClient = await t.clientAs(alice.id);
    const bobClient = await t.clientAs(bob.id);
    const bobSid = bobClient.cookie.split('; ').find((c) => c.startsWith('sid='))!;
    const res = await supertest(t.app)
      .post('/api/logout')
      .set('Cookie', `${bobSid}; XSRF-TOKEN=${aliceClient.xsrf}`)
      .set('X-XSRF-TOKEN', aliceClient.xsrf);
    expect(res.status).toBe(403);
    expect((await bobClient.get('/api/me/logged-in')).body).toMatchObject({ isLoggedIn: true, username: 'bob' });
  });

  it('replaces a token that is not valid for the session on the next read', async () => {
    const planted = 'c'.repeat(43);
    const res = await supertest(t.app).get('/api/health').set('Cookie', `XSRF-TOKEN=${planted}`);
    const issued = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('XSRF-TOKEN='));
    expect(issued).toBeDefined();
    expect(issued).not.toContain(planted);
  });
});
