import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { startFakeRecaptcha, type FakeRecaptcha } from '../../test/fakes/recaptcha';
import { createCaptcha } from './captcha';

let fake: FakeRecaptcha;
beforeAll(async () => {
  fake = await startFakeRecaptcha('test-secret');
});
afterAll(() => fake.close());

describe('reCAPTCHA adapter against a local siteverify server', () => {
  const captcha = () => createCaptcha({ recaptcha: { secret: 'test-secret', siteKey: 'site', verifyUrl: fake.url } });

  it('accepts a human token for the right action and sends the secret and address', async () => {
    expect(await captcha().verify('human:signin', 'signin', '10.0.0.1')).toBe(true);
    const last = fake.requests.at(-1)!;
    expect([last.get('secret'), last.get('response'), last.get('remoteip')]).toEqual(['test-secret', 'human:signin', '10.0.0.1']);
  });

  it('refuses a low score, another action, a bad token and a missing one', async () => {
    expect(await captcha().verify('bot:signin', 'signin')).toBe(false);
    expect(await captcha().verify('human:signup', 'signin')).toBe(false);
    expect(await captcha().verify('garbage', 'signin')).toBe(false);
    expect(await captcha().verify(undefined, 'signin')).toBe(false);
  });

  it('is skipped when not configured', async () => {
    expect(await createCaptcha({ recaptcha: undefined }).verify(undefined, 'signup')).toBe(true);
  });
});

describe('sign-in and sign-up with the bot check on', () => {
  const t = useTestApp(() => ({ RECAPTCHA_SECRET: 'test-secret', RECAPTCHA_SITE_KEY: 'site-key', RECAPTCHA_VERIFY_URL: fake.url }));

  it('refuses a sign-up without a human token and accepts one with it', async () => {
    const client = await t.client();
    const body = { username: 'human_one', password: 'correct horse', email: 'h@example.com', shippingRegion: 'US' };
    expect((await client.post('/api/signup', { ...body, captcha_token: 'bot:signup' })).body).toEqual({ message: 'captcha_failed' });
    expect((await client.post('/api/signup', body)).body).toEqual({ message: 'captcha_failed' });
    expect((await client.post('/api/signup', { ...body, captcha_token: 'human:signup' })).status).toBe(200);
    const login = await client.post('/api/login', { username: 'human_one', password: 'correct horse', captcha_token: 'human:signin' });
    expect(login.status).toBe(200);
  });

  it('tells the web which site key to use', async () => {
    const res = await (await t.client()).get('/api/auth/providers');
    expect(res.body).toEqual({ google: null, facebook: false, reddit: false, recaptcha: { siteKey: 'site-key' } });
  });
});
