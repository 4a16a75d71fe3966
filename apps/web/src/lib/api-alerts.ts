import { TOO_MANY_REQUESTS } from '@keeb/shared';
import type { ApiError } from './api-error';
import { REQUEST_CANCELED } from './api-error';

/**
 * App-wide banners raised by failed calls (spec 2.2). A module store rather than React state, because the
 * first failing call can happen in a route loader before the shell has mounted.
 */
export interface ApiAlerts {
  /** GET /categories got no answer at all (network status 0). */
  readonly network: boolean;
  /** A session or verification call answered 429 TooManyRequests. */
  readonly rateLimit: boolean;
}

const INITIAL: ApiAlerts = { network: false, rateLimit: false };
let state: ApiAlerts = INITIAL;
const listeners = new Set<() => void>();

function set(next: Partial<ApiAlerts>): void {
  const merged = { ...state, ...next };
  if (merged.network === state.network && merged.rateLimit === state.rateLimit) return;
  state = merged;
  for (const listener of listeners) listener();
}

export const apiAlerts = {
  getSnapshot: (): ApiAlerts => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  dismiss(alert: keyof ApiAlerts): void {
    set({ [alert]: false });
  },
  reset(): void {
    state = INITIAL;
    for (const listener of listeners) listener();
  },
};

export interface FailedRequest {
  method: string;
  /** Path relative to /api, e.g. '/me/logged-in'. */
  url: string;
}

const isSessionCall = (url: string) => url === '/me' || url.startsWith('/me/') || url.startsWith('/me?');

export function reportApiFailure(error: ApiError, request: FailedRequest): void {
  if (error.code === REQUEST_CANCELED) return;
  const method = request.method.toUpperCase();
  if (method === 'GET' && request.url === '/categories' && error.status === 0) set({ network: true });
  if (error.status === 429 && error.code === TOO_MANY_REQUESTS && isSessionCall(request.url)) set({ rateLimit: true });
}
