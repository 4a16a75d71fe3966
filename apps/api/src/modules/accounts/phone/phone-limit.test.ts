import { eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../../db/schema/index';
import { useTestApp } from '../../../test/app';
import { createUser } from '../../../test/factories';
import { latestSmsCode, readSmsOutbox } from '../../../test/sms-outbox';
import { scrubUser } from '../repo';

// Sign-up demands a verified phone here, so the sign-up path is covered too.
const t = useTestApp({ PHONE_VERIFICATION: 'both' });

const PHONE = '+12025550123';
const signup = (username: string, email: string) => ({ username, password: 'correct horse', email, shippingRegion: 'US' });

async function verifyWhileSignedIn(userId: string, phone = PHONE) {
  const client = await t.clientAs(userId);
  expect((await client.post('/api/sms/send', { phone })).status).toBe(200);
  const code = await latestSmsCode(t.config.outboxDir, phone);
  return client.post('/api/sms/verification', { phone, type: 'itemSell', code });
}

const holdersOf = async (phone: string) =>
  (await t.db.db.select({ id: users.id }).from(users).where(eq(users.phone, phone))).map((r) => r.id);

describe('one account per verified phone number', () => {
  it('sends no code for a number that verifies another account, signed in or signing up', async () => {
    const first = await createUser(t.db.db);
    expect((await verifyWhileSignedIn(first.id)).body).toEqual({ ok: true });
    const textsBefore = (await readSmsOutbox(t.config.outboxDir)).length;

    const second = await createUser(t.db.db);
    const signedIn = await (await t.clientAs(second.id)).post('/api/sms/send', { phone: '+1 202 555 0123' });
    expect(signedIn.status).toBe(400);
    expect(signedIn.body).toEqual({ message: 'phone_in_use' });
    const signingUp = await (await t.client()).post('/api/sms/send', { phone: PHONE });
    expect(signingUp.body).toEqual({ message: 'phone_in_use' });
    expect((await readSmsOutbox(t.config.outboxDir)).length).toBe(textsBefore);
    expect(await holdersOf(PHONE)).toEqual([first.id]);
  });

  it('lets the holder verify their own number again', async () => {
    const holder = await createUser(t.db.db);
    expect((await verifyWhileSignedIn(holder.id)).body).toEqual({ ok: true });
    await t.db.db.update(users).set({ phoneVerifiedAt: null }).where(eq(users.id, holder.id));
    expect((await verifyWhileSignedIn(holder.id)).body).toEqual({ ok: true });
  });

  it('refuses the verification when another account took the number after the code went out', async () => {
    const late = await createUser(t.db.db);
    const client = await t.clientAs(late.id);
    await client.post('/api/sms/send', { phone: PHONE });
    const code = await latestSmsCode(t.config.outboxDir, PHONE);
    const early = await createUser(t.db.db, { phone: PHONE, phoneVerifiedAt: new Date() });
    const res = await client.post('/api/sms/verification', { phone: PHONE, type: 'itemSell', code });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'phone_in_use' });
    expect(await holdersOf(PHONE)).toEqual([early.id]);
  });

  it('lets one sign-up verification of a number create one account only', async () => {
    const a = await t.client();
    await a.post('/api/sms/send', { phone: PHONE });
    const code = await latestSmsCode(t.config.outboxDir, PHONE);
    expect((await a.post('/api/sms/verification', { phone: PHONE, type: 'signup', email: 'a@example.com', code })).body).toEqual({ ok: true });
    expect((await a.post('/api/signup', signup('first_fan', 'a@example.com'))).status).toBe(200);

    // The number now verifies first_fan: a second email cannot even get a code for it.
    const b = await t.client();
    expect((await b.post('/api/sms/send', { phone: PHONE })).body).toEqual({ message: 'phone_in_use' });
    expect((await b.post('/api/signup', signup('second_fan', 'b@example.com'))).body).toEqual({ message: 'sms_verification_invalid' });
    expect(await holdersOf(PHONE)).toHaveLength(1);
  });

  it('two sign-ups that verified the same number in parallel: the second needs another number', async () => {
    for (const email of ['a@example.com', 'b@example.com']) {
      const client = await t.client();
      await client.post('/api/sms/send', { phone: PHONE });
      const code = await latestSmsCode(t.config.outboxDir, PHONE);
      expect((await client.post('/api/sms/verification', { phone: PHONE, type: 'signup', email, code })).body).toEqual({ ok: true });
    }
    expect((await (await t.client()).post('/api/signup', signup('first_fan', 'a@example.com'))).status).toBe(200);
    const second = await (await t.client()).post('/api/signup', signup('second_fan', 'b@example.com'));
    expect(second.status).toBe(403);
    expect(second.body).toEqual({ message: 'sms_verification_invalid' });
    expect(await t.db.db.select({ id: users.id }).from(users)).toHaveLength(1);
  });

  it('the database refuses a second account with the same verified number', async () => {
    await createUser(t.db.db, { phone: PHONE, phoneVerifiedAt: new Date() });
    await expect(createUser(t.db.db, { phone: PHONE, phoneVerifiedAt: new Date() })).rejects.toThrow();
    expect(await t.db.db.select({ id: users.id }).from(users).where(isNotNull(users.phone))).toHaveLength(1);
  });

  it('a removed account gives its number up', async () => {
    const gone = await createUser(t.db.db, { phone: PHONE, phoneVerifiedAt: new Date() });
    await scrubUser(t.db.db, gone.id);
    const next = await createUser(t.db.db);
    expect((await verifyWhileSignedIn(next.id)).body).toEqual({ ok: true });
    expect(await holdersOf(PHONE)).toEqual([next.id]);
  });
});
