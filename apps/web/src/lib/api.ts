import axios from 'axios';
import { TOO_MANY_REQUESTS, type ApiErrorBody } from '@keeb/shared';
import { ApiError, NETWORK_ERROR, REQUEST_CANCELED } from './api-error';
import { reportApiFailure } from './api-alerts';

/**
 * The one HTTP client. Cookies ride along; axios copies the XSRF-TOKEN cookie into X-XSRF-TOKEN.
 * withXSRFToken is set because axios otherwise decides "same origin" itself, and every URL here is ours.
 */
export const api = axios.create({
  baseURL: '/api',
  withCredentials: true,
  withXSRFToken: true,
  xsrfCookieName: 'XSRF-TOKEN',
  xsrfHeaderName: 'X-XSRF-TOKEN',
  headers: { Accept: 'application/json' },
});

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (axios.isCancel(error)) return new ApiError(0, REQUEST_CANCELED);
  if (!axios.isAxiosError(error) || !error.response) return new ApiError(0, NETWORK_ERROR);

  const { status, data } = error.response;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return new ApiError(status, `http_${status}`);
  const { message, code, ...details } = data as ApiErrorBody;
  if (message !== undefined && typeof message !== 'string') return new ApiError(status, `http_${status}`);
  // The rate limiter answers { code: 'TooManyRequests' }; everything else names its code in `message`.
  const resolved = code === TOO_MANY_REQUESTS ? code : (message ?? code ?? `http_${status}`);
  return new ApiError(status, resolved, details);
}

api.interceptors.response.use(undefined, (error: unknown) => {
  const apiError = toApiError(error);
  const config = axios.isAxiosError(error) ? error.config : undefined;
  reportApiFailure(apiError, { method: config?.method ?? 'get', url: config?.url ?? '' });
  return Promise.reject(apiError);
});
