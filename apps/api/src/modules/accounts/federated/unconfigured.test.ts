import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { createUser } from '../../../test/factories';

// No GOOGLE_*, FACEBOOK_* or REDDIT_* settings.
const t = useTestApp();

describe('providers that are not configured', () => {
  it.each([
    ['post', '/api/auth/google/verify', { token: 'x' }],
    ['get', '/api/auth/facebook?type=signin', undefined],
    ['post', '/api/auth/facebook/verify', { code: 'c', type: 'signin', state: 's' }],
    ['get', '/api/auth/reddit?type=link', undefined],
    ['post', '/api/auth/reddit/verify', { code: 'c', type: 'link', state: 's' }],
    ['get', '/api/reddit/auth/credentials', undefined],
    ['get', '/api/reddit/transactions', undefined],
    ['post', '/api/reddit/revoke', undefined],
  ] as const)('%s %s answers 404 not_found, signed in or not', async (method, url, body) => {
    const user = await createUser(t.db.db);
    for (const client of [await t.client(), await t.clientAs(user.id)]) {
      const res = method === 'get' ? await client.get(url) : await client.post(url, body);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'not_found' });
    }
  });

  it('still sends texts, to the outbox', async () => {
    expect((await (await t.client()).post('/api/sms/send', { phone: '+12025550123' })).body).toEqual({ ok: true });
  });
});
