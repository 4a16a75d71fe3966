import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { phoneVerifications, users } from '../../../db/schema/index';
import { useTestApp } from '../../../test/app';
import { createUser } from '../../../test/factories';
import { latestSmsCode, readSmsOutbox } from '../../../test/sms-outbox';
import { isPhoneVerified, normalisePhone, phoneVerifiedForSignup } from './service';

// No TWILIO_* settings: texts go to the outbox stand-in.
const t = useTestApp({ PUBLIC_URL: 'http://keeb.test' });

const PHONE = '+12025550123';
const codes = () => t.db.db.select().from(phoneVerifications);
const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function sendCode(phone = PHONE, client?: Awaited<ReturnType<typeof t.client>>) {
  const c = client ?? (await t.client());
  const res = await c.post('/api/sms/send', { phone });
  expect(res.status).toBe(200);
  return { client: c, code: await latestSmsCode(t.config.outboxDir, phone) };
}

describe('phone numbers', () => {
  it.each([
    ['+12025550123', '+12025550123'],
    ['+1 (202) 555-0123', '+12025550123'],
    ['+4915112345678', '+4915112345678'],
    ['12025550123', undefined],
    ['+1202555', undefined],
    ['+15555550123', undefined],
    ['call me', undefined],
  ])('%s -> %s', (input, expected) => {
    expect(normalisePhone(input)).toBe(expected);
  });
});

describe('POST /api/sms/send', () => {
  it.each([[{ phone: '2025550123' }], [{ phone: '+1555' }], [{ phone: 'abc' }], [{ phone: '' }], [{}], [{ phone: ['+12025550123'] }]])(
    'answers 400 invalid_phone for %o',
    async (body) => {
      const res = await (await t.client()).post('/api/sms/send', body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: 'invalid_phone' });
      expect(await readSmsOutbox(t.config.outboxDir)).toEqual([]);
    },
  );

  it('texts a 6-digit code through the outbox stand-in and stores only a hash of it', async () => {
    const before = (await readSmsOutbox(t.config.outboxDir)).length;
    const res = await (await t.client()).post('/api/sms/send', { phone: '+1 202 555 0123' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });

    const texts = (await readSmsOutbox(t.config.outboxDir)).slice(before);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.file).toMatch(/^sms-\d{4}-\d{2}-\d{2}T[\d-]+Z-[0-9a-f]{8}\.txt$/);
    expect(texts[0]!.to).toBe(PHONE);
    const code = texts[0]!.code!;
    expect(code).toMatch(/^\d{6}$/);
    expect(texts[0]!.body).toContain(`@keeb.test #${code}`);

    const [row] = await codes();
    expect(row).toMatchObject({ phone: PHONE, attempts: 0, verifiedAt: null, userId: null });
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);
    const minutes = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(10, 1);
  });

  it('answers 429 code_already_sent within 60 seconds of the last code, then sends a new one that replaces it', async () => {
    const { client, code: first } = await sendCode();
    const again = await client.post('/api/sms/send', { phone: PHONE });
    expect(again.status).toBe(429);
    expect(again.body).toEqual({ message: 'code_already_sent' });
    expect((await readSmsOutbox(t.config.outboxDir)).filter((m) => m.to === PHONE)).toHaveLength(1);

    await t.db.db.update(phoneVerifications).set({ createdAt: sql`now() - interval '61 seconds'` });
    const { code: second } = await sendCode(PHONE, client);
    expect(await codes()).toHaveLength(2);
    if (first !== second) {
      const old = await client.post('/api/sms/verification', { phone: PHONE, type: 'signup', email: 'a@example.com', code: first });
      expect(old.body).toEqual({ message: 'sms_verification_invalid' });
    }
    expect((await client.post('/api/sms/verification', { phone: PHONE, type: 'signup', email: 'a@example.com', code: second })).body).toEqual({ ok: true });
  });

  it('lets another number have its code at once', async () => {
    const client = await t.client();
    await sendCode(PHONE, client);
    expect((await client.post('/api/sms/send', { phone: '+12025550124' })).status).toBe(200);
  });

  it('remembers who asked when signed in', async () => {
    const user = await createUser(t.db.db);
    await sendCode(PHONE, await t.clientAs(user.id));
    const [row] = await codes();
    expect(row).toMatchObject({ userId: user.id, type: 'itemSell' });
  });
});

describe('POST /api/sms/verification', () => {
  it.each([[undefined], [''], ['12345'], ['1234567'], ['abcdef'], ['12 345']])('answers 400 field_required for code %o', async (code) => {
    const { client } = await sendCode();
    const res = await client.post('/api/sms/verification', { phone: PHONE, type: 'signup', email: 'a@example.com', code });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'field_required', field: 'code' });
  });

  it('answers invalid_phone, field_required (type) and email_required for the other fields', async () => {
    const client = await t.client();
    const base = { phone: PHONE, type: 'signup', email: 'a@example.com', code: '123456' };
    expect((await client.post('/api/sms/verification', { ...base, phone: '555' })).body).toMatchObject({ message: 'invalid_phone' });
    expect((await client.post('/api/sms/verification', { ...base, type: 'other' })).body).toMatchObject({ message: 'field_required', field: 'type' });
    expect((await client.post('/api/sms/verification', { ...base, email: '' })).body).toMatchObject({ message: 'email_required', field: 'email' });
  });

  it('answers code_expired when no code was sent', async () => {
    const res = await (await t.client()).post('/api/sms/verification', { phone: PHONE, type: 'signup', email: 'a@example.com', code: '123456' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'code_expired' });
  });

  it('answers sms_verification_invalid for a wrong code and counts the attempt', async () => {
    const { client, code } = await sendCode();
    const res = await client.post('/api/sms/verification', { phone: PHONE, type: 'signup', email: 'a@example.com', code: wrongCodeFor(code) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'sms_verification_invalid' });
    const [row] = await codes();
    expect(row).toMatchObject({ attempts: 1, verifiedAt: null });
  });

  it('locks the code after 5 wrong attempts: even the right code then answers code_expired', async () => {
    const { client, code } = await sendCode();
    const body = { phone: PHONE, type: 'signup', email: 'a@example.com' };
    for (let i = 0; i < 5; i++) {
      expect((await client.post('/api/sms/verification', { ...body, code: wrongCodeFor(code) })).body).toEqual({ message: 'sms_verification_invalid' });
    }
    const locked = await client.post('/api/sms/verification', { ...body, code });
    expect(locked.status).toBe(400);
    expect(locked.body).toEqual({ message: 'code_expired' });
    const [row] = await codes();
    expect(row).toMatchObject({ attempts: 5, verifiedAt: null });
  });

  it('answers code_expired for an expired code', async () => {
    const { client, code } = await sendCode();
    await t.db.db.update(phoneVerifications).set({ expiresAt: sql`now() - interval '1 second'` });
    const res = await client.post('/api/sms/verification', { phone: PHONE, type: 'signup', email: 'a@example.com', code });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'code_expired' });
  });

  it('verifies a sign-up: the row keeps the type and the lowercased email, for an hour of sign-up', async () => {
    const { client, code } = await sendCode();
    const res = await client.post('/api/sms/verification', { phone: PHONE, type: 'signup', email: ' New@Example.com ', code });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    const [row] = await codes();
    expect(row).toMatchObject({ type: 'signup', email: 'new@example.com', userId: null, attempts: 1 });
    expect(row!.verifiedAt).toBeInstanceOf(Date);
    expect(await phoneVerifiedForSignup(t.db.db, 'new@example.com')).toBe(PHONE);
    expect(await phoneVerifiedForSignup(t.db.db, 'other@example.com')).toBeUndefined();
    await t.db.db.update(phoneVerifications).set({ verifiedAt: sql`now() - interval '61 minutes'` });
    expect(await phoneVerifiedForSignup(t.db.db, 'new@example.com')).toBeUndefined();
  });

  it('verifies for listing: the signed-in account carries the phone; the code is then used up', async () => {
    const user = await createUser(t.db.db);
    expect(await isPhoneVerified(t.db.db, user.id)).toBe(false);
    const { client, code } = await sendCode(PHONE, await t.clientAs(user.id));
    const res = await client.post('/api/sms/verification', { phone: '+1 202-555-0123', type: 'itemSell', code });
    expect(res.body).toEqual({ ok: true });
    const [account] = await t.db.db.select().from(users).where(eq(users.id, user.id));
    expect(account!.phone).toBe(PHONE);
    expect(account!.phoneVerifiedAt).toBeInstanceOf(Date);
    const [row] = await codes();
    expect(row).toMatchObject({ type: 'itemSell', userId: user.id, email: null });
    expect(await isPhoneVerified(t.db.db, user.id)).toBe(true);

    const reused = await client.post('/api/sms/verification', { phone: PHONE, type: 'itemSell', code });
    expect(reused.body).toEqual({ message: 'code_expired' });
  });

  it('needs a signed-in user to verify for listing', async () => {
    const { client, code } = await sendCode();
    const res = await client.post('/api/sms/verification', { phone: PHONE, type: 'itemSell', code });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'must login' });
    const [row] = await codes();
    expect(row!.attempts).toBe(0);
  });

  it("does not let another user use a code sent to a signed-in user's session", async () => {
    const owner = await createUser(t.db.db);
    const other = await createUser(t.db.db);
    const { code } = await sendCode(PHONE, await t.clientAs(owner.id));
    const res = await (await t.clientAs(other.id)).post('/api/sms/verification', { phone: PHONE, type: 'itemSell', code });
    expect(res.body).toEqual({ message: 'code_expired' });
    const [account] = await t.db.db.select().from(users).where(eq(users.id, other.id));
    expect(account!.phoneVerifiedAt).toBeNull();
  });

  it('gives an account signed up right after a sign-up verification of its email that phone', async () => {
    const { client, code } = await sendCode();
    expect((await client.post('/api/sms/verification', { phone: PHONE, type: 'signup', email: 'fresh@example.com', code })).body).toEqual({ ok: true });
    const res = await client.post('/api/signup', { username: 'fresh_fan', password: 'correct horse', email: 'fresh@example.com', shippingRegion: 'US' });
    expect(res.status).toBe(200);
    expect(await isPhoneVerified(t.db.db, res.body.userId)).toBe(true);
    const [account] = await t.db.db.select().from(users).where(eq(users.id, res.body.userId));
    expect(account!.phone).toBe(PHONE);
  });
});
