import { randomInt } from 'node:crypto';
import { ACCOUNT_ERRORS, ERROR_CODES, RESERVED_USERNAMES, USERNAME_MAX, USERNAME_MIN } from '@keeb/shared';
import type { Config } from '../../../config';
import type { Database } from '../../../db/client';
import { uniqueViolation } from '../../../platform/db-errors';
import { AppError } from '../../../platform/errors';
import type { FacebookOAuth } from '../../../adapters/oauth/facebook';
import type { GoogleVerifier } from '../../../adapters/oauth/google';
import { adminBootstrapAtSignup } from '../admin';
import * as accountsRepo from '../repo';
import { findByProviderId, type IdentityProvider } from './repo';

export type FacebookAuthType = 'signin' | 'signup';

export interface FederatedDeps {
  db: Database;
  config: Config;
  /** Undefined when the provider is not configured. */
  google: GoogleVerifier | undefined;
  facebook: FacebookOAuth | undefined;
}

/** Derived names never impersonate the team (sign-up answers 'teapot' for these when typed). */
const FALLBACK_USERNAME = 'trader';

/** Keeps what a username may hold: accents folded to plain letters ('José' -> 'Jose'), everything else dropped. */
function usernameFrom(text: string | undefined): string {
  return (text ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_-]/g, '')
    .slice(0, USERNAME_MAX);
}

/** A valid base name from the profile name, else the email's local part, else a generic one. */
export function baseUsername(name: string | undefined, email: string): string {
  for (const candidate of [usernameFrom(name), usernameFrom(email.split('@')[0])]) {
    if (candidate.length >= USERNAME_MIN && !RESERVED_USERNAMES.has(candidate.toLowerCase())) return candidate;
  }
  return FALLBACK_USERNAME;
}

const PROVIDER_KEYS: Record<IdentityProvider, string> = { google: 'users_google_id_key', facebook: 'users_facebook_id_key' };

/**
 * Sign-in with Google or Facebook. A known provider identity signs in; a new one creates an account with that
 * identity, no password and its provider-verified email. A new identity whose email already has an account is
 * refused ('email_exists') rather than attached to it: the person proves they own that account by signing in
 * to it with its password, never by controlling an address at a provider.
 */
export function createFederatedService(deps: FederatedDeps) {
  const { db, config } = deps;

  /** The base name if free, else the base with a number (Ada2...Ada9, then random digits), within 30 characters. */
  async function freeUsername(base: string): Promise<string> {
    const withSuffix = (suffix: string) => `${base.slice(0, USERNAME_MAX - suffix.length)}${suffix}`;
    for (let n = 1; n < 10; n++) {
      const candidate = withSuffix(n === 1 ? '' : String(n));
      if (!(await accountsRepo.usernameTaken(db, candidate))) return candidate;
    }
    for (let tries = 0; tries < 20; tries++) {
      const candidate = withSuffix(String(randomInt(1000, 1_000_000)));
      if (!(await accountsRepo.usernameTaken(db, candidate))) return candidate;
    }
    throw new AppError(409, ACCOUNT_ERRORS.usernameExists);
  }

  async function signInWith(
    provider: IdentityProvider,
    identity: { providerId: string; email: string | undefined; name: string | undefined },
    failure: string,
  ): Promise<{ id: string; username: string }> {
    const known = await findByProviderId(db, provider, identity.providerId);
    if (known) return known;
    // Without an address there is nothing to confirm or to reach the person at; Facebook omits it for phone sign-ups.
    if (!identity.email) throw new AppError(400, failure);
    if (await accountsRepo.emailTaken(db, identity.email)) throw new AppError(409, ACCOUNT_ERRORS.emailExists);
    // While sign-up is by approval, a provider account is no way around it.
    if (config.signupMode === 'approved' && !(await accountsRepo.isAccessApproved(db, identity.email))) {
      throw new AppError(403, ACCOUNT_ERRORS.notApproved);
    }

    const base = baseUsername(identity.name, identity.email);
    for (let attempt = 0; attempt < 5; attempt++) {
      const username = await freeUsername(base);
      try {
        const user = await accountsRepo.insertUser(db, {
          username,
          email: identity.email,
          passwordHash: null,
          emailConfirmedAt: new Date(),
          ...(provider === 'google' ? { googleId: identity.providerId } : { facebookId: identity.providerId }),
        });
        await adminBootstrapAtSignup(db, config.adminUsernames, user);
        return { id: user.id, username: user.username };
      } catch (error) {
        // The database decides races: the same person signing in twice at once, or a name taken in between.
        const constraint = uniqueViolation(error);
        if (constraint === PROVIDER_KEYS[provider]) {
          const winner = await findByProviderId(db, provider, identity.providerId);
          if (winner) return winner;
        }
        if (constraint === 'users_email_key') throw new AppError(409, ACCOUNT_ERRORS.emailExists);
        if (constraint !== 'users_username_lower_key') throw error;
      }
    }
    throw new AppError(409, ACCOUNT_ERRORS.usernameExists);
  }

  /** Where Facebook sends the browser back: the page the flow started from, which posts the code to us. */
  const facebookRedirectUri = (type: FacebookAuthType) => `${config.appUrl}/${type === 'signup' ? 'signup' : 'login'}`;

  return {
    googleEnabled: Boolean(deps.google),
    facebookEnabled: Boolean(deps.facebook),

    async signInWithGoogle(idToken: string) {
      if (!deps.google) throw new AppError(404, ERROR_CODES.notFound);
      const identity = await deps.google.verify(idToken);
      if (!identity) throw new AppError(401, ACCOUNT_ERRORS.googleFailed);
      return signInWith('google', { providerId: identity.googleId, email: identity.email, name: identity.name }, ACCOUNT_ERRORS.googleFailed);
    },

    facebookAuthorizationUrl(type: FacebookAuthType, state: string) {
      if (!deps.facebook) throw new AppError(404, ERROR_CODES.notFound);
      return deps.facebook.authorizationUrl(facebookRedirectUri(type), state);
    },

    async signInWithFacebook(code: string, type: FacebookAuthType) {
      if (!deps.facebook) throw new AppError(404, ERROR_CODES.notFound);
      const profile = await deps.facebook.identify(code, facebookRedirectUri(type));
      return signInWith('facebook', { providerId: profile.facebookId, email: profile.email, name: profile.name }, ACCOUNT_ERRORS.facebookFailed);
    },
  };
}

export type FederatedService = ReturnType<typeof createFederatedService>;
