import { describe, expect, it } from 'vitest';
import { useTestApp, type TestClient } from '../../test/app';
import { createUser } from '../../test/factories';
import { linkTokenFor } from '../../test/outbox';
import { hashPassword } from './passwords';

// The app trusts the loopback proxy: X-Forwarded-For sets the address a request comes from.
const t = useTestApp();

/** Each sign-in attempt costs an argon2 verification: the long attacks get longer than the default 30 s. */
const LONG_ATTACK_MS = 120_000;

const OWNER = { username: 'tofu_fan', password: 'correct horse' };
const member = async () => createUser(t.db.db, { username: 'Tofu_Fan', email: 'tofu@example.com', passwordHash: await hashPassword(OWNER.password) });

const login = (client: TestClient, body: object, from?: string) => {
  const request = client.post('/api/login', body);
  return from ? request.set('X-Forwarded-For', from) : request;
};

/** `count` wrong passwords for the owner's name, each from its own address (a botnet), `perAddress` per address. */
async function guessFromManyAddresses(count: number, perAddress = 1) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await login(await t.client(), { username: 'TOFU_FAN', password: `guess-${i}-x` }, `10.9.${Math.floor(i / perAddress)}.1`);
    statuses.push(res.status);
  }
  return statuses;
}

describe('sign-in lockout: strangers cannot lock the owner out', () => {
  it("wrong passwords from other addresses do not stop the owner's right password", async () => {
    const user = await member();
    // Eight failures from four addresses: more than the five that used to lock the account for everyone.
    expect(await guessFromManyAddresses(8, 2)).toEqual(Array(8).fill(401));
    const owner = await login(await t.client(), OWNER);
    expect(owner.status).toBe(200);
    expect(owner.body).toEqual({ isLoggedIn: true, username: 'Tofu_Fan', userId: user.id });
  });

  it('a device the owner signed in on before keeps working through a long guessing attack', async () => {
    await member();
    const device = await t.client();
    expect((await login(device, OWNER)).status).toBe(200);
    await device.post('/api/logout');

    const statuses = await guessFromManyAddresses(40);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(25);
    expect((await login(device, OWNER)).status).toBe(200);
  }, LONG_ATTACK_MS);

  it('the known device sign-in needs the cookie this server signed for that account', async () => {
    await member();
    await createUser(t.db.db, { username: 'other', email: 'o@example.com', passwordHash: await hashPassword('other horse') });
    const device = await t.client();
    expect((await login(device, { username: 'other', password: 'other horse' })).status).toBe(200);
    await device.post('/api/logout');
    await guessFromManyAddresses(12);
    // Another account's device cookie is no key to this account.
    expect((await login(device, OWNER)).body).toEqual({ message: 'too_many_attempts' });
    // Nor is a forged one.
    const stranger = await t.client();
    const forged = await login(stranger, OWNER).set('Cookie', `${stranger.cookie}; known_device=abc.def.ghi`);
    expect(forged.status).toBe(429);
  });

  it('guessing one password from many addresses stays slow: after 10 failures within 5 minutes, new devices are refused', async () => {
    await member();
    const statuses = await guessFromManyAddresses(30);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(20).fill(429));
    // Even the right password from a new device is refused, so a lucky guess is not told apart.
    const right = await login(await t.client(), OWNER, '10.8.0.1');
    expect(right.status).toBe(429);
    expect(right.body).toEqual({ message: 'too_many_attempts' });
  }, LONG_ATTACK_MS);

  it('one address guessing one account is locked after 5 failures; the owner elsewhere is not', async () => {
    await member();
    const attacker = await t.client();
    for (let i = 0; i < 5; i++) expect((await login(attacker, { username: 'tofu_fan', password: `nope-${i}-x` }, '10.7.0.1')).status).toBe(401);
    expect((await login(attacker, OWNER, '10.7.0.1')).body).toEqual({ message: 'too_many_attempts' });
    expect((await login(await t.client(), OWNER)).status).toBe(200);
  });

  it('a burst of parallel guesses gets no more than the allowance compared', async () => {
    await member();
    const device = await t.client();
    expect((await login(device, OWNER, '10.7.0.2')).status).toBe(200);
    await device.post('/api/logout');
    const burst = await Promise.all(
      Array.from({ length: 16 }, async (_, i) => (await login(await t.client(), { username: 'tofu_fan', password: `burst-${i}-x` }, '10.7.0.1')).status),
    );
    expect(burst.filter((status) => status === 401)).toHaveLength(5);
    expect(burst.filter((status) => status === 429)).toHaveLength(11);
    // The owner's own browser is not affected (refused attempts may count against new devices: they are guesses).
    expect((await login(device, OWNER, '10.7.0.2')).status).toBe(200);
  }, LONG_ATTACK_MS);

  it('one address spraying many accounts is refused after 50 failures, but fewer do not lock an office', async () => {
    await member();
    const office = await t.client();
    for (let i = 0; i < 49; i++) expect((await login(office, { username: `nobody_${i}`, password: 'wrong-password' }, '10.6.0.1')).status).toBe(401);
    expect((await login(await t.client(), OWNER, '10.6.0.1')).status).toBe(200);
    await login(office, { username: 'nobody_49', password: 'wrong-password' }, '10.6.0.1');
    expect((await login(office, { username: 'nobody_50', password: 'wrong-password' }, '10.6.0.1')).body).toEqual({ message: 'too_many_attempts' });
  }, LONG_ATTACK_MS);

  it('a password reset makes the device known, so the owner gets in during an attack', async () => {
    await member();
    await guessFromManyAddresses(12);
    const owner = await t.client();
    expect((await login(owner, OWNER)).status).toBe(429);
    expect((await owner.post('/api/password/forgot', { email: 'tofu@example.com' })).status).toBe(200);
    const token = await linkTokenFor(t.config.outboxDir, 'tofu@example.com', '/reset-password/');
    expect((await owner.post(`/api/password/${token}/reset`, { password: 'new horse staple' })).body).toBe(true);
    expect((await login(owner, { username: 'tofu_fan', password: 'new horse staple' })).status).toBe(200);
  });
});

describe('password reset mails: counted per email, and per address sized for a NAT', () => {
  const forgot = async (email: string, from?: string) => {
    const request = (await t.client()).post('/api/password/forgot', { email });
    return from ? request.set('X-Forwarded-For', from) : request;
  };

  it('ten people in one office each get their reset link within the hour', async () => {
    for (let i = 0; i < 10; i++) {
      await createUser(t.db.db, { username: `office_${i}`, email: `office-${i}@example.com` });
      expect((await forgot(`office-${i}@example.com`)).body).toEqual({ ok: true });
    }
  });

  it('one email gets at most 5 reset mails an hour, whichever addresses ask', async () => {
    await member();
    for (let i = 0; i < 5; i++) expect((await forgot('tofu@example.com', `10.5.0.${i}`)).status).toBe(200);
    const res = await forgot('tofu@example.com', '10.5.1.1');
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ code: 'TooManyRequests' });
  });
});
