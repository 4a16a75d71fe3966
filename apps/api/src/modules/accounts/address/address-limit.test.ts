import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../../db/schema/index';
import { useTestApp } from '../../../test/app';
import { createUser } from '../../../test/factories';
import { ADDRESS_CHANGES_PER_10_MINUTES } from './routes';

/** Issue 36, probe finding 6: 200 PUT /api/me/address in 0.7 s were all taken. Changes are counted per user. */
const t = useTestApp();

const HOME = { name: 'Robin Keys', line1: '221B Baker Street', line2: '', city: 'London', region: '', postalCode: 'NW1 6XE', country: 'GB' };
const at = (n: number) => ({ ...HOME, line1: `${n} Baker Street` });

async function signedIn() {
  const user = await createUser(t.db.db);
  return { user, client: await t.clientAs(user.id) };
}

describe('PUT /api/me/address: a rate limit', () => {
  it('takes a person\'s changes, then answers 429 TooManyRequests and keeps the last address taken; another user goes on', async () => {
    const { user, client } = await signedIn();
    for (let n = 1; n <= ADDRESS_CHANGES_PER_10_MINUTES; n++) expect((await client.put('/api/me/address', at(n))).status).toBe(200);
    const refused = await client.put('/api/me/address', at(999));
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'TooManyRequests' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const [row] = await t.db.db.select({ a: users.mailingAddress }).from(users).where(eq(users.id, user.id));
    expect(row?.a).toEqual(at(ADDRESS_CHANGES_PER_10_MINUTES));
    // Reading it is not limited with the changes.
    expect((await client.get('/api/me/address')).status).toBe(200);
    const other = await signedIn();
    expect((await other.client.put('/api/me/address', HOME)).status).toBe(200);
  });

  it('bad input is its 400 whatever the count (only changes are counted); logged out: 401', async () => {
    const { client } = await signedIn();
    for (let n = 1; n <= ADDRESS_CHANGES_PER_10_MINUTES + 5; n++) expect((await client.put('/api/me/address', { ...HOME, country: 'XX' })).status).toBe(400);
    expect((await client.put('/api/me/address', HOME)).status).toBe(200);
    expect((await (await t.client()).put('/api/me/address', HOME)).status).toBe(401);
  });
});
