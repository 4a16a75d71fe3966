import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { phoneVerifications } from '../../../db/schema/index';
import { useTestApp } from '../../../test/app';
import { createUser } from '../../../test/factories';
import { latestSmsCode, readSmsOutbox } from '../../../test/sms-outbox';

// Every client here comes from the same address (no forwarded address): an office or a carrier's NAT.
const t = useTestApp();

/** A distinct valid number per index: +1 202 555 01nn. */
const numberAt = (i: number) => `+120255501${String(i).padStart(2, '0')}`;
const textsTo = async (phone: string) => (await readSmsOutbox(t.config.outboxDir)).filter((m) => m.to === phone).length;
/** As if the last text to every number went out over a minute ago (the resend wait is not what these tests check). */
const pastResendWait = () => t.db.db.update(phoneVerifications).set({ createdAt: sql`now() - interval '61 seconds'` });

async function seller() {
  const user = await createUser(t.db.db);
  return { user, client: await t.clientAs(user.id) };
}

describe('what the texting limits count', () => {
  it('ten invalid numbers, then a valid one: the code is sent', async () => {
    const { client } = await seller();
    for (let i = 0; i < 10; i++) {
      const res = await client.post('/api/sms/send', { phone: `+1555${i}` });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'invalid_phone', field: 'phone' });
    }
    const res = await client.post('/api/sms/send', { phone: numberAt(0) });
    expect(res.status).toBe(200);
    expect(await textsTo(numberAt(0))).toBe(1);
  });

  it('many accounts on one address each get their code, and another can still verify', async () => {
    for (let i = 0; i < 12; i++) {
      const { client } = await seller();
      expect((await client.post('/api/sms/send', { phone: numberAt(i) })).status).toBe(200);
    }
    const { client } = await seller();
    expect((await client.post('/api/sms/send', { phone: numberAt(50) })).status).toBe(200);
    const code = await latestSmsCode(t.config.outboxDir, numberAt(50));
    expect((await client.post('/api/sms/verification', { phone: numberAt(50), type: 'itemSell', code })).body).toEqual({ ok: true });
  });

  it('refuses an account its 11th text of the day with too_many_texts and the wait, not code_already_sent', async () => {
    const { client } = await seller();
    for (let i = 0; i < 10; i++) expect((await client.post('/api/sms/send', { phone: numberAt(i) })).status).toBe(200);
    const res = await client.post('/api/sms/send', { phone: numberAt(10) });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ message: 'too_many_texts', timeLeft: expect.any(Number) });
    expect(res.body.timeLeft).toBeGreaterThan(23 * 3600);
    expect(await textsTo(numberAt(10))).toBe(0);
    // Only that account: another seller on the same address gets a code.
    const other = await seller();
    expect((await other.client.post('/api/sms/send', { phone: numberAt(10) })).status).toBe(200);
  });

  it("counts refused numbers against nobody's texts: a number held by another account costs no text", async () => {
    await createUser(t.db.db, { phone: numberAt(99), phoneVerifiedAt: new Date() });
    const { client } = await seller();
    for (let i = 0; i < 12; i++) expect((await client.post('/api/sms/send', { phone: numberAt(99) })).body).toEqual({ message: 'phone_in_use' });
    expect((await client.post('/api/sms/send', { phone: numberAt(0) })).status).toBe(200);
  });

  it('answers code_already_sent only while a code just went out to that number', async () => {
    const { client } = await seller();
    expect((await client.post('/api/sms/send', { phone: numberAt(0) })).status).toBe(200);
    const again = await client.post('/api/sms/send', { phone: numberAt(0) });
    expect(again.status).toBe(429);
    expect(again.body).toEqual({ message: 'code_already_sent' });
    // The refused resend used up no text: nine more numbers still get theirs.
    for (let i = 1; i < 10; i++) expect((await client.post('/api/sms/send', { phone: numberAt(i) })).status).toBe(200);
  });

  // Issue 36: the number's allowance is counted per sender (5 an hour each), under a ceiling of 20 whoever asks
  // (phone-sender.test.ts): five sellers asking once each no longer lock the sixth out.
  it('texts one number at most 5 times an hour for one account, then answers too_many_texts; another account still gets its code', async () => {
    const { client } = await seller();
    for (let i = 0; i < 5; i++) {
      expect((await client.post('/api/sms/send', { phone: numberAt(0) })).status).toBe(200);
      await pastResendWait();
    }
    const res = await client.post('/api/sms/send', { phone: numberAt(0) });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ message: 'too_many_texts', timeLeft: expect.any(Number) });
    expect(await textsTo(numberAt(0))).toBe(5);
    expect((await (await seller()).client.post('/api/sms/send', { phone: numberAt(0) })).status).toBe(200);
  });

  it('lets visitors on one address (sign-ups behind a NAT) have 30 texts an hour, then too_many_texts', async () => {
    for (let i = 0; i < 30; i++) expect((await (await t.client()).post('/api/sms/send', { phone: numberAt(i) })).status).toBe(200);
    const res = await (await t.client()).post('/api/sms/send', { phone: numberAt(30) });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ message: 'too_many_texts', timeLeft: expect.any(Number) });
    // Visitors' texts are not a seller's: a signed-in account on that address still gets its code.
    expect((await (await seller()).client.post('/api/sms/send', { phone: numberAt(30) })).status).toBe(200);
  });
});
