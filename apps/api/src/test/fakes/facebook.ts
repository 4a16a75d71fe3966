import { createHmac, randomBytes } from 'node:crypto';
import { bearerToken, sendJson, startFakeServer, type FakeServer } from './server';

export const FACEBOOK_APP_ID = 'fake-facebook-app';
export const FACEBOOK_APP_SECRET = 'fake-facebook-secret';

export interface FacebookPerson {
  id: string;
  name?: string;
  /** Omitted for people who signed up to Facebook by phone. */
  email?: string;
}

export interface FakeFacebook extends FakeServer {
  env: Record<string, string>;
  /** A code the token endpoint will exchange once for this person, when sent with `redirectUri`. */
  issueCode(person: FacebookPerson, redirectUri: string): string;
}

const error = (message: string) => ({ error: { message, type: 'OAuthException', code: 100 } });

/**
 * Facebook Login's server side: the code exchange (checks the app credentials and that redirect_uri is the one
 * the code was issued for, one use per code) and the Graph API's /me (checks the token and appsecret_proof).
 */
export async function startFakeFacebook(): Promise<FakeFacebook> {
  const codes = new Map<string, { person: FacebookPerson; redirectUri: string }>();
  const tokens = new Map<string, FacebookPerson>();
  const server = await startFakeServer((req, res) => {
    if (req.method === 'POST' && req.path === '/v19.0/oauth/access_token') {
      const issued = codes.get(req.form.get('code') ?? '');
      if (req.form.get('client_id') !== FACEBOOK_APP_ID || req.form.get('client_secret') !== FACEBOOK_APP_SECRET) {
        return sendJson(res, 401, error('Error validating client secret.'));
      }
      if (!issued) return sendJson(res, 400, error('This authorization code has been used.'));
      if (req.form.get('redirect_uri') !== issued.redirectUri) return sendJson(res, 400, error('redirect_uri is not identical'));
      codes.delete(req.form.get('code')!);
      const token = `EAA${randomBytes(12).toString('hex')}`;
      tokens.set(token, issued.person);
      return sendJson(res, 200, { access_token: token, token_type: 'bearer', expires_in: 5183944 });
    }
    if (req.method === 'GET' && req.path === '/v19.0/me') {
      const token = bearerToken(req.headers) ?? '';
      const person = tokens.get(token);
      if (!person) return sendJson(res, 401, error('Invalid OAuth access token.'));
      const proof = createHmac('sha256', FACEBOOK_APP_SECRET).update(token).digest('hex');
      if (req.query.get('appsecret_proof') !== proof) return sendJson(res, 400, error('Invalid appsecret_proof'));
      const fields = (req.query.get('fields') ?? 'id,name').split(',');
      return sendJson(res, 200, Object.fromEntries(fields.filter((f) => person[f as keyof FacebookPerson] !== undefined).map((f) => [f, person[f as keyof FacebookPerson]])));
    }
  });
  return {
    ...server,
    env: {
      FACEBOOK_APP_ID,
      FACEBOOK_APP_SECRET,
      FACEBOOK_AUTH_URL: `${server.url}/v19.0/dialog/oauth`,
      FACEBOOK_TOKEN_URL: `${server.url}/v19.0/oauth/access_token`,
      FACEBOOK_PROFILE_URL: `${server.url}/v19.0/me`,
    },
    issueCode(person, redirectUri) {
      const code = `fb-code-${randomBytes(8).toString('hex')}`;
      codes.set(code, { person, redirectUri });
      return code;
    },
  };
}
