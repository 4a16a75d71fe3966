import { afterAll, describe, expect, it } from 'vitest';
import { phoneVerifications } from '../../../db/schema/index';
import { useTestApp } from '../../../test/app';
import { startFakeTwilio, TWILIO_FROM } from '../../../test/fakes/twilio';
import { readSmsOutbox } from '../../../test/sms-outbox';

const twilio = await startFakeTwilio();
afterAll(() => twilio.close());
const t = useTestApp(twilio.env);

describe('texts through a Twilio-compatible service (TWILIO_* set)', () => {
  it('posts the code to the Messages API with the account credentials, and writes nothing to the outbox', async () => {
    const client = await t.client();
    expect((await client.post('/api/sms/send', { phone: '+12025550123' })).body).toEqual({ ok: true });
    expect(twilio.sent).toHaveLength(1);
    const [text] = twilio.sent;
    expect(text).toMatchObject({ to: '+12025550123', from: TWILIO_FROM });
    const code = /\b(\d{6})\b/.exec(text!.body)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(await readSmsOutbox(t.config.outboxDir)).toEqual([]);

    const res = await client.post('/api/sms/verification', { phone: '+12025550123', type: 'signup', email: 'a@example.com', code });
    expect(res.body).toEqual({ ok: true });
  });

  it("answers invalid_phone when Twilio says the number cannot take texts, and keeps no code for it", async () => {
    twilio.invalidNumbers.add('+12025550150');
    const client = await t.client();
    const res = await client.post('/api/sms/send', { phone: '+12025550150' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'invalid_phone' });
    expect(await t.db.db.select().from(phoneVerifications)).toEqual([]);
  });

  it('answers 502 sms_failed during an outage and keeps no code, so the person can retry at once', async () => {
    const client = await t.client();
    twilio.down = true;
    try {
      const res = await client.post('/api/sms/send', { phone: '+12025550160' });
      expect(res.status).toBe(502);
      expect(res.body).toEqual({ message: 'sms_failed' });
      expect(await t.db.db.select().from(phoneVerifications)).toEqual([]);
    } finally {
      twilio.down = false;
    }
    expect((await client.post('/api/sms/send', { phone: '+12025550160' })).status).toBe(200);
  });
});
