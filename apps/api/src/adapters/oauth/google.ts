import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import type { Config } from '../../config';
import { PROVIDER_TIMEOUT_MS, ProviderError } from '../provider-http';

export interface GoogleIdentity {
  googleId: string;
  /** Lowercased; Google has verified it belongs to the person. */
  email: string;
  name: string | undefined;
}

/**
 * Google Identity Services hands the page an ID token (a JWT signed by Google); the page posts it to us. We
 * verify it ourselves against Google's published keys, so no code exchange or client secret is needed.
 */
export interface GoogleVerifier {
  /** The identity in a valid token, undefined for an invalid, expired or foreign one; ProviderError when Google's keys cannot be fetched. */
  verify(idToken: string): Promise<GoogleIdentity | undefined>;
}

/** Undefined when Google sign-in is not configured (its route then answers 404). */
export function createGoogleVerifier(config: Pick<Config, 'google'>): GoogleVerifier | undefined {
  const google = config.google;
  if (!google) return undefined;
  // jose caches the key set and refetches it when a token names a key it has not seen (Google rotates keys).
  const keys = createRemoteJWKSet(new URL(google.jwksUrl), { timeoutDuration: PROVIDER_TIMEOUT_MS });
  return {
    async verify(idToken) {
      try {
        const { payload } = await jwtVerify(idToken, keys, {
          audience: google.clientId,
          issuer: google.issuers,
          algorithms: ['RS256'],
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        // An unverified address could belong to someone else: taking it would let them claim that person's account.
        const verified = payload.email_verified === true || payload.email_verified === 'true';
        if (!verified || typeof payload.email !== 'string' || !payload.sub) return undefined;
        return { googleId: payload.sub, email: payload.email.trim().toLowerCase(), name: typeof payload.name === 'string' ? payload.name : undefined };
      } catch (error) {
        if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid) throw new ProviderError('google', error.code);
        if (error instanceof errors.JOSEError) return undefined;
        // fetch failures from the key set (connection refused, DNS...).
        throw new ProviderError('google', `keys unreachable (${(error as Error).name})`);
      }
    },
  };
}
