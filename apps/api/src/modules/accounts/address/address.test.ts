import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../../db/schema/index';
import { useTestApp } from '../../../test/app';
import { userTablesChecksum } from '../../../test/checksum';
import { createUser } from '../../../test/factories';

const t = useTestApp();

const HOME = { name: 'Robin Keys', line1: '221B Baker Street', line2: '', city: 'London', region: '', postalCode: 'NW1 6XE', country: 'GB' };

async function signedIn() {
  const user = await createUser(t.db.db);
  return { user, client: await t.clientAs(user.id) };
}
const storedAddressOf = async (userId: string) => (await t.db.db.select({ a: users.mailingAddress }).from(users).where(eq(users.id, userId)))[0]?.a;

describe('GET and PUT /api/me/address', () => {
  it('answers null until an address is saved, then the saved address, trimmed and with the country code upper-cased', async () => {
    const { user, client } = await signedIn();
    const empty = await client.get('/api/me/address');
    expect(empty.status).toBe(200);
    expect(empty.body).toBeNull();
    const saved = await client.put('/api/me/address', { ...HOME, name: '  Robin Keys ', country: 'gb', line2: undefined, region: undefined });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(HOME);
    expect((await client.get('/api/me/address')).body).toEqual(HOME);
    expect(await storedAddressOf(user.id)).toEqual(HOME);
  });

  it('replaces the whole address on the next save', async () => {
    const { client } = await signedIn();
    await client.put('/api/me/address', HOME);
    const moved = { name: 'Robin Keys', line1: '1600 Amphitheatre Pkwy', line2: 'Bldg 40', city: 'Mountain View', region: 'CA', postalCode: '94043', country: 'US' };
    expect((await client.put('/api/me/address', moved)).body).toEqual(moved);
    expect((await client.get('/api/me/address')).body).toEqual(moved);
  });

  it('takes any postal code in a country without a postal-code format, and none', async () => {
    const { client } = await signedIn();
    // Hong Kong has no postal codes.
    const res = await client.put('/api/me/address', { name: 'Lee', line1: '1 Queen’s Road', city: 'Hong Kong', country: 'HK' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ postalCode: '', line2: '', region: '', country: 'HK' });
  });

  it.each([
    [{ ...HOME, name: '' }, 'invalid_address', 'name'],
    [{ ...HOME, name: '   ' }, 'invalid_address', 'name'],
    [{ ...HOME, line1: undefined }, 'invalid_address', 'line1'],
    [{ ...HOME, city: 'x'.repeat(101) }, 'invalid_address', 'city'],
    [{ ...HOME, line2: 42 }, 'invalid_address', 'line2'],
    [{ ...HOME, country: 'XX' }, 'invalid_address', 'country'],
    [{ ...HOME, country: 'GBR' }, 'invalid_address', 'country'],
    [{ ...HOME, country: '' }, 'invalid_address', 'country'],
    [{ ...HOME, postalCode: '12345' }, 'invalid_postal_code', 'postalCode'],
    [{ ...HOME, country: 'US', postalCode: '' }, 'invalid_postal_code', 'postalCode'],
    [{ ...HOME, country: 'DE', postalCode: '1011' }, 'invalid_postal_code', 'postalCode'],
  ])('refuses %j with 400 %s on its field, changing nothing', async (body, message, field) => {
    const { user, client } = await signedIn();
    await client.put('/api/me/address', HOME);
    const before = await userTablesChecksum(t.db.db);
    const res = await client.put('/api/me/address', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message, field });
    expect(await userTablesChecksum(t.db.db)).toBe(before);
    expect(await storedAddressOf(user.id)).toEqual(HOME);
  });

  it('refuses a body that is not an address object', async () => {
    const { client } = await signedIn();
    for (const body of [[HOME], 'London']) {
      const res = await client.put('/api/me/address', body as object);
      expect(res.status).toBe(400);
    }
    expect((await client.get('/api/me/address')).body).toBeNull();
  });

  it('is only ever the signed-in user\'s own: another user neither sees nor changes it', async () => {
    const owner = await signedIn();
    const other = await signedIn();
    await owner.client.put('/api/me/address', HOME);
    expect((await other.client.get('/api/me/address')).body).toBeNull();
    await other.client.put('/api/me/address', { ...HOME, name: 'Someone Else' });
    expect((await owner.client.get('/api/me/address')).body).toEqual(HOME);
    expect(await storedAddressOf(other.user.id)).toMatchObject({ name: 'Someone Else' });
  });

  it('answers 401 must login when logged out, changing nothing', async () => {
    const { client } = await signedIn();
    await client.put('/api/me/address', HOME);
    const anonymous = await t.client();
    const before = await userTablesChecksum(t.db.db);
    for (const res of [await anonymous.get('/api/me/address'), await anonymous.put('/api/me/address', HOME)]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'must login' });
    }
    expect(await userTablesChecksum(t.db.db)).toBe(before);
  });
});
