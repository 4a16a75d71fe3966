import { useEffect, useRef } from 'react';
import { loadScript } from './load-script';
import styles from './social-sign-in.module.css';

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(config: { client_id: string; callback: (response: { credential?: string }) => void }): void;
      renderButton(parent: HTMLElement, options: Record<string, unknown>): void;
    };
  };
}

declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

export const GOOGLE_IDENTITY_SCRIPT = 'https://accounts.google.com/gsi/client';
/** Spec 9: the Google button's width is capped at 400. */
export const GOOGLE_BUTTON_MAX_WIDTH = 400;

interface GoogleSignInButtonProps {
  clientId: string;
  mode: 'signin' | 'signup';
  /** Google handed the page an ID token for the server to verify. */
  onToken: (token: string) => void;
  onError: () => void;
}

/**
 * Google's own button (Google Identity Services), loaded only when the server configured a client id. Google
 * draws it into the container, at most 400 px wide.
 */
export function GoogleSignInButton({ clientId, mode, onToken, onError }: GoogleSignInButtonProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const callbacks = useRef({ onToken, onError });
  useEffect(() => {
    callbacks.current = { onToken, onError };
  });

  useEffect(() => {
    let cancelled = false;
    loadScript(GOOGLE_IDENTITY_SCRIPT)
      .then(() => {
        const container = containerRef.current;
        const identity = window.google?.accounts.id;
        if (cancelled || !container) return;
        if (!identity) throw new Error('Google Identity Services did not start');
        identity.initialize({
          client_id: clientId,
          callback: ({ credential }) =>
            credential ? callbacks.current.onToken(credential) : callbacks.current.onError(),
        });
        identity.renderButton(container, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          shape: 'pill',
          text: mode === 'signup' ? 'signup_with' : 'continue_with',
          width: Math.min(container.clientWidth || GOOGLE_BUTTON_MAX_WIDTH, GOOGLE_BUTTON_MAX_WIDTH),
        });
      })
      .catch(() => {
        if (!cancelled) callbacks.current.onError();
      });
    return () => {
      cancelled = true;
    };
  }, [clientId, mode]);

  return <div ref={containerRef} className={styles.google} data-testid="google-sign-in" />;
}
