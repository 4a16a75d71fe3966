import { createHmac } from 'node:crypto';
import type { Config } from '../../config';
import { fetchJson, ProviderError } from '../provider-http';

export interface FacebookProfile {
  facebookId: string;
  name: string | undefined;
  /** Lowercased; absent when the person signed up to Facebook by phone or declined the email permission. */
  email: string | undefined;
}

/**
 * Facebook Login's authorization-code flow, split for a single-page app: the page fetches the consent URL, the
 * browser comes back to the page with `code`, and the page posts the code to us. Passport strategies expect to
 * own both the redirect and the callback route, which does not fit that shape, so this is a plain adapter.
 */
export interface FacebookOAuth {
  authorizationUrl(redirectUri: string, state: string): string;
  /** Exchanges the code (bound to `redirectUri`) and reads the profile; ProviderError when Facebook refuses. */
  identify(code: string, redirectUri: string): Promise<FacebookProfile>;
}

/** Undefined when Facebook sign-in is not configured (its routes then answer 404). */
export function createFacebookOAuth(config: Pick<Config, 'facebook'>): FacebookOAuth | undefined {
  const facebook = config.facebook;
  if (!facebook) return undefined;
  return {
    authorizationUrl(redirectUri, state) {
      const url = new URL(facebook.authUrl);
      url.search = new URLSearchParams({
        client_id: facebook.appId,
        redirect_uri: redirectUri,
        state,
        response_type: 'code',
        scope: 'email,public_profile',
      }).toString();
      return url.toString();
    },

    async identify(code, redirectUri) {
      // POSTed as a form so the app secret never appears in a URL (and so in no proxy or server log).
      const token = await fetchJson<{ access_token?: unknown }>('facebook', facebook.tokenUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
        body: new URLSearchParams({ client_id: facebook.appId, client_secret: facebook.appSecret, redirect_uri: redirectUri, code }),
      });
      if (typeof token.access_token !== 'string') throw new ProviderError('facebook', 'no access token');

      const url = new URL(facebook.profileUrl);
      url.searchParams.set('fields', 'id,name,email');
      // appsecret_proof proves the call comes from our server, so a leaked user token is useless to anyone else.
      url.searchParams.set('appsecret_proof', createHmac('sha256', facebook.appSecret).update(token.access_token).digest('hex'));
      const profile = await fetchJson<{ id?: unknown; name?: unknown; email?: unknown }>('facebook', url, {
        headers: { Authorization: `Bearer ${token.access_token}`, Accept: 'application/json' },
      });
      if (typeof profile.id !== 'string' || profile.id === '') throw new ProviderError('facebook', 'profile without id');
      return {
        facebookId: profile.id,
        name: typeof profile.name === 'string' ? profile.name : undefined,
        email: typeof profile.email === 'string' && profile.email.includes('@') ? profile.email.trim().toLowerCase() : undefined,
      };
    },
  };
}
