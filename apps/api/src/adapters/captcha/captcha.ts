import type { Config } from '../../config';

export interface Captcha {
  /** True when the token proves a human for `action`, or when no bot check is configured. */
  verify(token: string | undefined, action: 'signin' | 'signup', remoteIp?: string): Promise<boolean>;
}

const MIN_SCORE = 0.5;

/**
 * Google reCAPTCHA (v3, invisible) through its siteverify endpoint; the URL is configurable so tests run it
 * against a local fake. Unconfigured, the check is skipped, as the runtime contract says.
 */
export function createCaptcha(config: Pick<Config, 'recaptcha'>): Captcha {
  const recaptcha = config.recaptcha;
  if (!recaptcha) return { verify: async () => true };
  return {
    async verify(token, action, remoteIp) {
      if (!token) return false;
      const body = new URLSearchParams({ secret: recaptcha.secret, response: token, ...(remoteIp ? { remoteip: remoteIp } : {}) });
      try {
        const res = await fetch(recaptcha.verifyUrl, { method: 'POST', body, signal: AbortSignal.timeout(5000) });
        if (!res.ok) return false;
        const result = (await res.json()) as { success?: boolean; action?: string; score?: number };
        return result.success === true && (result.action === undefined || result.action === action) && (result.score ?? 1) >= MIN_SCORE;
      } catch {
        return false;
      }
    },
  };
}
