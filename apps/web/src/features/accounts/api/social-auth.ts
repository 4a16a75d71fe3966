import { api } from '../../../lib/api';
import type { OAuthReturn } from '../../../lib/use-oauth-return';
import type { SignedIn } from './sign-in';

export type FacebookAuthType = 'signin' | 'signup';

/** GET /auth/facebook?type: where the provider's consent page is. */
export async function getFacebookRedirect(type: FacebookAuthType): Promise<string> {
  const { data } = await api.get<{ redirectUrl: string }>('/auth/facebook', { params: { type } });
  return data.redirectUrl;
}

/** What a provider's redirect back carries (lib/use-oauth-return.ts reads it). */
export type { OAuthReturn };

/** POST /auth/facebook/verify: the provider sent the user back with `code` (and `state`). */
export async function verifyFacebook({ code, state }: OAuthReturn, type: FacebookAuthType): Promise<SignedIn> {
  const { data } = await api.post<SignedIn>('/auth/facebook/verify', { code, type, ...(state ? { state } : {}) });
  return data;
}

/** POST /auth/google/verify with the ID token Google Identity Services handed the page. */
export async function verifyGoogle(token: string): Promise<SignedIn> {
  const { data } = await api.post<SignedIn>('/auth/google/verify', { token });
  return data;
}
