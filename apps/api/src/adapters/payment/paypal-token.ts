import { PaymentProviderError } from './provider';

/** Refresh this long before PayPal's expiry, so a token never expires between being read and being used. */
const REFRESH_MARGIN_S = 300;

interface CachedToken {
  value: string;
  /** ms since the epoch after which we fetch a new one. */
  refreshAt: number;
}

/**
 * PayPal's client-credentials access token, fetched once and shared by every call (orders through the SDK,
 * webhook verification through fetch) until shortly before it expires; concurrent callers wait on the same fetch.
 *
 * Ours, not the SDK's: the SDK keeps its token in a promise that, once a token fetch has failed (one timeout or
 * one 503), stays rejected, so every later call would fail until the process restarts.
 */
export class PayPalTokens {
  private cached: CachedToken | undefined;
  private inFlight: Promise<CachedToken> | undefined;

  constructor(
    private readonly options: { apiUrl: string; clientId: string; clientSecret: string; timeoutMs: number },
    private readonly now: () => number = Date.now,
  ) {}

  async token(): Promise<string> {
    const cached = this.cached;
    if (cached && this.now() < cached.refreshAt) return cached.value;
    this.inFlight ??= this.fetchToken().finally(() => {
      this.inFlight = undefined;
    });
    const fresh = await this.inFlight;
    this.cached = fresh;
    return fresh.value;
  }

  /** Forgets `value` (PayPal answered 401 to it: revoked or expired early), so the next call fetches a new token. */
  invalidate(value: string): void {
    if (this.cached?.value === value) this.cached = undefined;
  }

  private async fetchToken(): Promise<CachedToken> {
    const { apiUrl, clientId, clientSecret, timeoutMs } = this.options;
    const res = await paypalFetch(`${apiUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = await readJson(res);
    if (!res.ok) {
      // OAuth errors are { error, error_description }; a 401 invalid_client is a configuration problem.
      const issue = typeof body?.error === 'string' ? body.error : `TOKEN_HTTP_${res.status}`;
      throw new PaymentProviderError(res.status >= 500 || res.status === 429 ? 'unavailable' : 'other', issue, debugIdOf(res, body), res.status);
    }
    const accessToken = body?.access_token;
    const expiresIn = Number(body?.expires_in);
    if (typeof accessToken !== 'string' || !accessToken) throw new PaymentProviderError('unavailable', 'TOKEN_UNREADABLE', debugIdOf(res, body), res.status);
    // PayPal's tokens live about 9 hours; a very short lifetime is still used, for its first half.
    const lifetimeS = Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : 0;
    const usableS = lifetimeS > 2 * REFRESH_MARGIN_S ? lifetimeS - REFRESH_MARGIN_S : lifetimeS / 2;
    return { value: accessToken, refreshAt: this.now() + usableS * 1000 };
  }
}

/** fetch whose failures (unreachable, reset, timed out) are PaymentProviderErrors of kind unavailable. */
export async function paypalFetch(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const name = (error as Error).name;
    throw new PaymentProviderError('unavailable', name === 'TimeoutError' || name === 'AbortError' ? 'TIMEOUT' : 'NETWORK');
  }
}

/** The JSON body of an answer, or undefined when it has none or it is not JSON. */
export async function readJson(res: Response): Promise<Record<string, unknown> | undefined> {
  let text: string;
  try {
    text = await res.text();
  } catch (error) {
    const name = (error as Error).name;
    throw new PaymentProviderError('unavailable', name === 'TimeoutError' || name === 'AbortError' ? 'TIMEOUT' : 'NETWORK');
  }
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** PayPal's debug_id: in the error body, else the Paypal-Debug-Id header every answer carries. */
export function debugIdOf(res: Response | { headers: Record<string, string> }, body: Record<string, unknown> | undefined): string | undefined {
  if (typeof body?.debug_id === 'string') return body.debug_id;
  const header = res.headers instanceof Headers ? res.headers.get('paypal-debug-id') : res.headers['paypal-debug-id'];
  return header ?? undefined;
}
