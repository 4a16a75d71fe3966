/**
 * Every failed call reaches callers as one ApiError: the HTTP status (0 when no answer arrived), the
 * server's error code ({ message: code } or { code }) and whatever else the body carried (timeLeft...).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: Readonly<Record<string, unknown>>;

  constructor(status: number, code: string, details: Record<string, unknown> = {}) {
    super(`${status} ${code}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

export const NETWORK_ERROR = 'network_error';
export const REQUEST_CANCELED = 'request_canceled';
