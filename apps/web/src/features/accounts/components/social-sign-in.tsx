import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FormBanner } from '../../../components/form-banner';
import { browser } from '../../../lib/browser';
import { useOAuthReturn } from '../../../lib/use-oauth-return';
import { useAuthProviders } from '../api/get-auth-providers';
import { useEnterSession } from '../api/sign-in';
import { getFacebookRedirect, verifyFacebook, verifyGoogle, type OAuthReturn } from '../api/social-auth';
import { facebookErrorText, TEXTS } from '../messages';
import { GoogleSignInButton } from './google-sign-in-button';
import styles from './social-sign-in.module.css';

// The provider's round trip loses the page's returnUrl; the tab remembers it until the user comes back.
const RETURN_URL_KEY = 'socialSignInReturnUrl';

function rememberReturnUrl(returnUrl: string | null): void {
  try {
    if (returnUrl) window.sessionStorage.setItem(RETURN_URL_KEY, returnUrl);
    else window.sessionStorage.removeItem(RETURN_URL_KEY);
  } catch {
    // Without storage the user simply lands on the home page.
  }
}

function takeRememberedReturnUrl(): string | null {
  try {
    const returnUrl = window.sessionStorage.getItem(RETURN_URL_KEY);
    window.sessionStorage.removeItem(RETURN_URL_KEY);
    return returnUrl;
  } catch {
    return null;
  }
}

function FacebookLogo() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M24 12a12 12 0 1 0-13.9 11.9v-8.4H7.1V12h3V9.4c0-3 1.8-4.7 4.5-4.7 1.3 0 2.7.2 2.7.2v2.9h-1.5c-1.5 0-2 .9-2 1.9V12h3.4l-.5 3.5h-2.9v8.4A12 12 0 0 0 24 12z"
      />
    </svg>
  );
}

interface SocialSignInProps {
  mode: 'signin' | 'signup';
  returnUrl: string | null;
}

/**
 * Continue with Facebook or Google, each shown only when the server configured it, and the end of Facebook's
 * round trip (the page comes back with ?code=...). Renders nothing when neither is configured.
 */
export function SocialSignIn({ mode, returnUrl }: SocialSignInProps) {
  const { providers } = useAuthProviders();
  const enterSession = useEnterSession();
  const [error, setError] = useState<string>();

  const facebookStart = useMutation({
    mutationFn: () => getFacebookRedirect(mode),
    onSuccess: (redirectUrl) => {
      rememberReturnUrl(returnUrl);
      browser.assign(redirectUrl);
    },
    onError: () => setError(TEXTS.facebookFailed),
  });

  const facebookVerify = useMutation({
    mutationFn: (returned: OAuthReturn) => verifyFacebook(returned, mode),
    onSuccess: (session) => enterSession(session, takeRememberedReturnUrl() ?? returnUrl),
    onError: (failure) => setError(facebookErrorText(failure)),
  });

  const google = useMutation({
    mutationFn: verifyGoogle,
    onSuccess: (session) => enterSession(session, returnUrl),
    onError: () => setError(TEXTS.googleFailed),
  });

  useOAuthReturn((returned) => {
    setError(undefined);
    facebookVerify.mutate(returned);
  });

  const googleClientId = providers.google?.clientId;
  const anyProvider = providers.facebook || Boolean(googleClientId);
  if (!anyProvider && !facebookVerify.isPending && !error) return null;

  return (
    <div className={styles.social}>
      {facebookVerify.isPending ? (
        <p className={styles.status} role="status">
          Signing you in with Facebook...
        </p>
      ) : null}
      {error ? (
        <FormBanner tone="error" className={styles.banner}>
          {error}
        </FormBanner>
      ) : null}
      {providers.facebook ? (
        <button
          type="button"
          className={styles.facebook}
          disabled={facebookStart.isPending || facebookVerify.isPending}
          aria-busy={facebookStart.isPending || undefined}
          onClick={() => {
            setError(undefined);
            facebookStart.mutate();
          }}
        >
          <FacebookLogo />
          Continue with Facebook
        </button>
      ) : null}
      {googleClientId ? (
        <GoogleSignInButton
          clientId={googleClientId}
          mode={mode}
          onToken={(token) => {
            setError(undefined);
            google.mutate(token);
          }}
          onError={() => setError(TEXTS.googleFailed)}
        />
      ) : null}
      {anyProvider ? <p className={styles.divider}>or</p> : null}
    </div>
  );
}
