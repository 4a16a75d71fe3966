import { afterAll, describe, expect, it } from 'vitest';
import { accessRequests, users } from '../../../db/schema/index';
import { useTestApp } from '../../../test/app';
import { createUser } from '../../../test/factories';
import { startFakeGoogle } from '../../../test/fakes/google';

const google = await startFakeGoogle();
afterAll(() => google.close());
const t = useTestApp({ ...google.env, SIGNUP_MODE: 'approved' });

describe('Google sign-in while sign-up is by approval (SIGNUP_MODE=approved)', () => {
  it('creates no account for an email that was not approved (not_found, as sign-up answers)', async () => {
    const res = await (await t.client()).post('/api/auth/google/verify', { token: await google.idToken({ email: 'new@gmail.com' }) });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'not_found' });
    expect(await t.db.db.select().from(users)).toEqual([]);
  });

  it('creates the account once the email is approved', async () => {
    await t.db.db.insert(accessRequests).values({ email: 'new@gmail.com', approvedAt: new Date() });
    const res = await (await t.client()).post('/api/auth/google/verify', { token: await google.idToken({ email: 'new@gmail.com', name: 'New Person' }) });
    expect(res.status).toBe(200);
    expect(res.body.username).toBe('NewPerson');
  });

  it('still signs in existing Google accounts', async () => {
    const user = await createUser(t.db.db, { googleId: 'g-old' });
    const res = await (await t.client()).post('/api/auth/google/verify', { token: await google.idToken({ sub: 'g-old', email: 'old@gmail.com' }) });
    expect(res.body.userId).toBe(user.id);
  });
});
