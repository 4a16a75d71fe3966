import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { phoneVerifications } from '../../../db/schema/index';
import { useTestApp } from '../../../test/app';
import { createUser } from '../../../test/factories';
import { latestSmsCode, readSmsOutbox } from '../../../test/sms-outbox';

/**
 * Issue 36, probe finding 6: five anonymous POST /api/sms/send to a number nobody has verified left its owner
 * without a code for 55 minutes (429 too_many_texts). A number's texts are counted per sender; only a flood from
 * many senders reaches the number's own ceiling.
 */
const t = useTestApp();

const PHONE = '+12025550142';
const textsTo = async (phone: string) => (await readSmsOutbox(t.config.outboxDir)).filter((m) => m.to === phone).length;
/** As if the last text to every number went out over a minute ago (the resend wait is not what these tests check). */
const pastResendWait = () => t.db.db.update(phoneVerifications).set({ createdAt: sql`now() - interval '61 seconds'` });
const sendFrom = async (address: string, phone = PHONE) => (await t.client()).post('/api/sms/send', { phone }).set('X-Forwarded-For', address);

describe('POST /api/sms/send: a number\'s texts counted per sender', () => {
  it('a stranger spends only their own allowance for the number: the owner, signed in or signing up elsewhere, still gets a code', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await sendFrom('10.9.9.9')).status).toBe(200);
      await pastResendWait();
    }
    const spent = await sendFrom('10.9.9.9');
    expect(spent).toMatchObject({ status: 429, body: { message: 'too_many_texts' } });
    expect(spent.body.timeLeft).toBeGreaterThan(0);

    // The owner, signed in: a code, which verifies.
    const owner = await createUser(t.db.db);
    const client = await t.clientAs(owner.id);
    expect((await client.post('/api/sms/send', { phone: PHONE })).status).toBe(200);
    const code = await latestSmsCode(t.config.outboxDir, PHONE);
    expect((await client.post('/api/sms/verification', { phone: PHONE, type: 'itemSell', code })).body).toEqual({ ok: true });
  });

  it('the owner signing up from their own address gets a code too', async () => {
    for (let i = 0; i < 5; i++) {
      await sendFrom('10.9.9.9');
      await pastResendWait();
    }
    expect((await sendFrom('10.1.1.1')).status).toBe(200);
    expect(await textsTo(PHONE)).toBe(6);
  });

  it('a flood from many senders stops at the number\'s ceiling (20 an hour), whoever asks then', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await sendFrom(`10.0.0.${i + 1}`)).status).toBe(200);
      await pastResendWait();
    }
    expect(await sendFrom('10.0.1.1')).toMatchObject({ status: 429, body: { message: 'too_many_texts' } });
    expect(await textsTo(PHONE)).toBe(20);
  });
});
