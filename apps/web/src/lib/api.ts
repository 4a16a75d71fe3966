import { TOO_MANY_REQUESTS, type ApiErrorBody } from '@keeb/shared';
import { ApiError, NETWORK_ERROR, REQUEST_CANCELED } from './api-error';
import { reportApiFailure } from './api-alerts';

/**
 * The one HTTP client, on the browser's fetch. It was axios; the calls here need four methods, query params,
 * JSON and FormData bodies and the XSRF header, and axios cost every first visit about 14 KB gzip of script
 * (a tenth of the feed's initial budget; docs/decisions/0140-api-client-fetch-not-axios.md; the size measured again:
 * 0339-webs-http-client-fetch-not-axios.md).
 */
export type Params = Readonly<Record<string, unknown>>;

export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path relative to /api, e.g. '/items'. */
  url: string;
  params: Params;
  /** A plain value sent as JSON, or FormData sent as multipart. */
  body: unknown;
  signal?: AbortSignal | undefined;
}

export interface HttpReply {
  status: number;
  data: unknown;
}

/** Sends a request and answers its status and parsed body, whatever the status; throws only when no answer came. */
export type Transport = (request: HttpRequest) => Promise<HttpReply>;

const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const found = document.cookie.split('; ').find((pair) => pair.startsWith(prefix));
  return found === undefined ? undefined : decodeURIComponent(found.slice(prefix.length));
}

function queryString(params: Params): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export const fetchTransport: Transport = async ({ method, url, params, body, signal }) => {
  const headers: Record<string, string> = { Accept: 'application/json' };
  // The server checks the header against its cookie on every state-changing call (double submit). Reads skip
  // it: document.cookie is a synchronous call to the browser process, paid on every start-up call (issue 37).
  const xsrf = method === 'GET' ? undefined : readCookie(XSRF_COOKIE);
  if (xsrf) headers[XSRF_HEADER] = xsrf;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  // Paths are relative to /api; an absolute URL (tests' local servers) is taken as it is.
  const base = /^https?:\/\//.test(url) ? url : `/api${url}`;
  const response = await fetch(`${base}${queryString(params)}`, {
    method,
    headers,
    body: payload ?? null,
    credentials: 'same-origin',
    ...(signal ? { signal } : {}),
  });
  return { status: response.status, data: parseBody(await response.text()) };
};

let transport: Transport = fetchTransport;

/** Tests swap the network for a fake server (test/fake-api.ts); `undefined` puts the real one back. */
export function setTransport(next: Transport | undefined): void {
  transport = next ?? fetchTransport;
}

function errorFromReply({ status, data }: HttpReply): ApiError {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return new ApiError(status, `http_${status}`);
  const { message, code, ...details } = data as ApiErrorBody;
  if (message !== undefined && typeof message !== 'string') return new ApiError(status, `http_${status}`);
  // The rate limiter answers { code: 'TooManyRequests' }; everything else names its code in `message`.
  const resolved = code === TOO_MANY_REQUESTS ? code : (message ?? code ?? `http_${status}`);
  return new ApiError(status, resolved, details);
}

async function send<T>(request: HttpRequest): Promise<{ data: T }> {
  let reply: HttpReply;
  try {
    reply = await transport(request);
  } catch (error) {
    const canceled = request.signal?.aborted || (error instanceof DOMException && error.name === 'AbortError');
    const apiError = new ApiError(0, canceled ? REQUEST_CANCELED : NETWORK_ERROR);
    reportApiFailure(apiError, { method: request.method.toLowerCase(), url: request.url });
    throw apiError;
  }
  if (reply.status >= 200 && reply.status < 300) return { data: reply.data as T };
  const apiError = errorFromReply(reply);
  reportApiFailure(apiError, { method: request.method.toLowerCase(), url: request.url });
  throw apiError;
}

interface RequestConfig {
  params?: Params;
  signal?: AbortSignal | undefined;
}

/** Every failure reaches callers as one ApiError (api-error.ts), after the app-wide banners have seen it. */
export const api = {
  get: <T = unknown>(url: string, config: RequestConfig = {}) =>
    send<T>({ method: 'GET', url, params: config.params ?? {}, body: undefined, signal: config.signal }),
  post: <T = unknown>(url: string, body?: unknown, config: RequestConfig = {}) =>
    send<T>({ method: 'POST', url, params: config.params ?? {}, body, signal: config.signal }),
  put: <T = unknown>(url: string, body?: unknown, config: RequestConfig = {}) =>
    send<T>({ method: 'PUT', url, params: config.params ?? {}, body, signal: config.signal }),
  delete: <T = unknown>(url: string, config: RequestConfig = {}) =>
    send<T>({ method: 'DELETE', url, params: config.params ?? {}, body: undefined, signal: config.signal }),
};
