import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';

export type OAuthProviderName = 'facebook' | 'reddit';

interface PendingAuthorization {
  state: string;
  /** The mode the flow started in ('signin', 'signup', 'link'); it decides the redirect URI the code is bound to. */
  type: string;
  expiresAt: number;
}

declare module 'express-session' {
  interface SessionData {
    oauth?: Partial<Record<OAuthProviderName, PendingAuthorization>>;
  }
}

/** Long enough to read a consent screen and sign in to the provider; short enough that a stale tab fails. */
const STATE_TTL_MS = 10 * 60 * 1000;

/**
 * A random `state` remembered in this browser's session. The provider sends it back with the code, and only a
 * code arriving with the state this session started with is accepted: otherwise an attacker could make a victim's
 * browser finish the attacker's own sign-in or forum link (login CSRF).
 */
export function issueOAuthState(req: Request, provider: OAuthProviderName, type: string): string {
  const state = randomBytes(24).toString('base64url');
  req.session.oauth = { ...req.session.oauth, [provider]: { state, type, expiresAt: Date.now() + STATE_TTL_MS } };
  return state;
}

/** True when `state` and `type` match the flow this session started; the state is used up either way. */
export function takeOAuthState(req: Request, provider: OAuthProviderName, state: string, type: string): boolean {
  const pending = req.session.oauth?.[provider];
  if (!pending) return false;
  const remaining = { ...req.session.oauth };
  delete remaining[provider];
  req.session.oauth = remaining;
  const expected = Buffer.from(pending.state);
  const given = Buffer.from(state);
  return expected.length === given.length && timingSafeEqual(expected, given) && pending.type === type && pending.expiresAt > Date.now();
}
