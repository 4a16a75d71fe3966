import { loadScript } from './load-script';

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

export type BotCheckAction = 'signin' | 'signup';

/**
 * The invisible bot check that accompanies login ('signin') and sign-up ('signup'): a token when the server
 * configured a site key, nothing otherwise, so nothing is loaded from outside unless it is wanted. A check that
 * cannot load sends no token and the server decides.
 */
export async function getBotCheckToken(siteKey: string | undefined, action: BotCheckAction): Promise<string | undefined> {
  if (!siteKey) return undefined;
  try {
    await loadScript(`https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`);
    const grecaptcha = window.grecaptcha;
    if (!grecaptcha) return undefined;
    await new Promise<void>((resolve) => grecaptcha.ready(resolve));
    return await grecaptcha.execute(siteKey, { action });
  } catch {
    return undefined;
  }
}
