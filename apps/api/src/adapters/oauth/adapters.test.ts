import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { startFakeFacebook } from '../../test/fakes/facebook';
import { startFakeGoogle } from '../../test/fakes/google';
import { startFakeReddit } from '../../test/fakes/reddit';
import { ProviderError } from '../provider-http';
import { createFacebookOAuth } from './facebook';
import { createGoogleVerifier } from './google';
import { createRedditClient } from './reddit';

const google = await startFakeGoogle();
const facebook = await startFakeFacebook();
const reddit = await startFakeReddit();
afterAll(() => Promise.all([google.close(), facebook.close(), reddit.close()]));

/** An address nothing listens on. */
const DEAD = 'http://127.0.0.1:9';
const configWith = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env });

describe('Google ID token verifier', () => {
  it('answers the identity in a valid token', async () => {
    const verifier = createGoogleVerifier(configWith(google.env))!;
    expect(await verifier.verify(await google.idToken({ sub: 'g-1', email: 'Ada@Gmail.com', name: 'Ada' }))).toEqual({
      googleId: 'g-1',
      email: 'ada@gmail.com',
      name: 'Ada',
    });
  });

  it('throws a ProviderError when the keys cannot be fetched (not an invalid-token answer)', async () => {
    const verifier = createGoogleVerifier(configWith({ ...google.env, GOOGLE_JWKS_URL: `${DEAD}/certs` }))!;
    await expect(verifier.verify(await google.idToken())).rejects.toBeInstanceOf(ProviderError);
  });

  it('is absent without GOOGLE_CLIENT_ID', () => {
    expect(createGoogleVerifier(configWith({}))).toBeUndefined();
  });
});

describe('Facebook adapter', () => {
  it('throws a ProviderError without a status when Facebook is unreachable', async () => {
    const oauth = createFacebookOAuth(configWith({ ...facebook.env, FACEBOOK_TOKEN_URL: `${DEAD}/token` }))!;
    const error = await oauth.identify('code', 'http://keeb.test/login').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).status).toBeUndefined();
  });

  it('sends the app secret in the POST body only, never in a URL', async () => {
    const oauth = createFacebookOAuth(configWith(facebook.env))!;
    await oauth.identify(facebook.issueCode({ id: 'fb-1', email: 'a@example.com' }, 'http://keeb.test/login'), 'http://keeb.test/login');
    const urls = facebook.requests.map((r) => `${r.path}?${r.query}`).join('\n');
    expect(urls).not.toContain(facebook.env.FACEBOOK_APP_SECRET);
    expect(facebook.requests.find((r) => r.path.endsWith('/access_token'))!.form.get('client_secret')).toBe(facebook.env.FACEBOOK_APP_SECRET);
  });
});

describe('Reddit trade count', () => {
  it('reads the newest "Trades: N" flair of the user, and reuses one app token', async () => {
    reddit.posts.push(
      { author: 'Flair_Fan', author_flair_text: 'trades: 5', created_utc: 100 },
      { author: 'flair_fan', author_flair_text: 'Trades: 12 | Verified', created_utc: 200 },
      { author: 'flair_fan', author_flair_text: 'Keyboard nerd', created_utc: 300 },
    );
    const client = createRedditClient(configWith(reddit.env))!;
    expect(await client.tradeCount('flair_fan')).toBe(12);
    expect(await client.tradeCount('nobody_here')).toBe(0);
    expect(reddit.requests.filter((r) => r.form.get('grant_type') === 'client_credentials')).toHaveLength(1);
  });

  it('refuses a username Reddit would never give, instead of searching with it', async () => {
    const client = createRedditClient(configWith(reddit.env))!;
    await expect(client.tradeCount('a b OR author:x')).rejects.toBeInstanceOf(ProviderError);
  });
});
