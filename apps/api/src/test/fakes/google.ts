import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { sendJson, startFakeServer, type FakeServer } from './server';

export const GOOGLE_CLIENT_ID = 'test-client.apps.googleusercontent.com';
export const GOOGLE_ISSUER = 'https://accounts.google.com';

export interface IdTokenOptions {
  sub?: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  aud?: string;
  iss?: string;
  /** Seconds from now; negative for an expired token. */
  expiresIn?: number;
  /** Sign with a key the JWKS does not hold (same key id), as a forger would. */
  forged?: boolean;
}

export interface FakeGoogle extends FakeServer {
  /** useTestApp overrides pointing the app at this fake. */
  env: Record<string, string>;
  idToken(options?: IdTokenOptions): Promise<string>;
}

/** Google's side of Sign in with Google: a JWKS endpoint, and RS256 ID tokens signed with its key. */
export async function startFakeGoogle(): Promise<FakeGoogle> {
  const kid = 'fake-google-key';
  const real = await generateKeyPair('RS256');
  const forger = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(real.publicKey)), kid, alg: 'RS256', use: 'sig' };
  const server = await startFakeServer((req, res) => {
    if (req.method === 'GET' && req.path === '/oauth2/v3/certs') sendJson(res, 200, { keys: [jwk] });
  });
  return {
    ...server,
    env: { GOOGLE_CLIENT_ID, GOOGLE_JWKS_URL: `${server.url}/oauth2/v3/certs`, GOOGLE_ISSUER },
    async idToken(options = {}) {
      const now = Math.floor(Date.now() / 1000);
      const key: CryptoKey = options.forged ? forger.privateKey : real.privateKey;
      return new SignJWT({
        email: options.email ?? 'ada@gmail.com',
        email_verified: options.email_verified ?? true,
        name: options.name ?? 'Ada Lovelace',
      })
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .setSubject(options.sub ?? '109876543210987654321')
        .setIssuer(options.iss ?? GOOGLE_ISSUER)
        .setAudience(options.aud ?? GOOGLE_CLIENT_ID)
        .setIssuedAt(now - 10)
        .setExpirationTime(now + (options.expiresIn ?? 3600))
        .sign(key);
    },
  };
}
