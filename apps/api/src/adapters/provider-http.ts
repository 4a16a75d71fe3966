import type { Request } from 'express';
import { AppError } from '../platform/errors';

/** How long any call to an outside service (identity, SMS...) may take before we give up and answer an error. */
export const PROVIDER_TIMEOUT_MS = 8000;

/**
 * The provider could not be reached, refused our credentials or answered something we cannot read. Services turn
 * it into the provider's failure code; the cause stays in the server log only.
 */
export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    message: string,
    readonly status?: number,
  ) {
    super(`${provider}: ${message}`);
    this.name = 'ProviderError';
  }
}

export const basicAuth = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** fetch with a timeout that answers the parsed JSON body, or throws a ProviderError for anything else. */
export async function fetchJson<T>(provider: string, url: string | URL, init: RequestInit = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  } catch (error) {
    throw new ProviderError(provider, `unreachable (${(error as Error).name})`);
  }
  if (!res.ok) throw new ProviderError(provider, `answered ${res.status}`, res.status);
  try {
    return (await res.json()) as T;
  } catch {
    throw new ProviderError(provider, 'answered something that is not JSON', res.status);
  }
}

/**
 * Runs a call that reaches an outside service and turns its ProviderError into the caller's failure code: 400
 * when the provider refused what the user brought (a stale or reused code), 502 when it failed or was unreachable.
 * The provider's own answer is logged with the request id, never sent to the client.
 */
export async function withProvider<T>(req: Request, failureCode: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    req.log.warn({ reqId: req.id, err: error }, 'outside service failed');
    const refused = error.status !== undefined && error.status >= 400 && error.status < 500;
    throw new AppError(refused ? 400 : 502, failureCode);
  }
}
