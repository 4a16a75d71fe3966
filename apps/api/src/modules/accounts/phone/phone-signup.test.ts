import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { latestSmsCode } from '../../../test/sms-outbox';

const t = useTestApp({ PHONE_VERIFICATION: 'signup' });

const PHONE = '+12025550123';
const signup = { username: 'Switch_Fan', password: 'correct horse', email: 'Fan@Example.com', shippingRegion: 'US' };

describe('sign-up with PHONE_VERIFICATION=signup', () => {
  it('answers sms_verification_invalid until the email has verified a phone, then creates the account', async () => {
    const client = await t.client();
    const refused = await client.post('/api/signup', signup);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'sms_verification_invalid' });

    expect((await client.post('/api/sms/send', { phone: PHONE })).status).toBe(200);
    const code = await latestSmsCode(t.config.outboxDir, PHONE);
    const verified = await client.post('/api/sms/verification', { phone: PHONE, type: 'signup', email: signup.email, code });
    expect(verified.body).toEqual({ ok: true });

    const res = await client.post('/api/signup', signup);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isLoggedIn: true, username: 'Switch_Fan' });
  });

  it('does not count a phone verified for another email, or a wrong code', async () => {
    const client = await t.client();
    await client.post('/api/sms/send', { phone: PHONE });
    const code = await latestSmsCode(t.config.outboxDir, PHONE);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect((await client.post('/api/sms/verification', { phone: PHONE, type: 'signup', email: signup.email, code: wrong })).body).toEqual({
      message: 'sms_verification_invalid',
    });
    expect((await client.post('/api/signup', signup)).body).toEqual({ message: 'sms_verification_invalid' });

    await client.post('/api/sms/verification', { phone: PHONE, type: 'signup', email: 'someone.else@example.com', code });
    expect((await client.post('/api/signup', signup)).body).toEqual({ message: 'sms_verification_invalid' });
  });
});
