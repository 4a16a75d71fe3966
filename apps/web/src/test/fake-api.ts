import { setTransport, type Transport } from '../lib/api';

/** A request as the fake server saw it: method, path relative to /api, query params and JSON body. */
export interface FakeRequest {
  method: string;
  url: string;
  params: Record<string, unknown>;
  body: unknown;
}

export type FakeReply = { status?: number; body?: unknown } | 'network-error';
export type FakeRoute = FakeReply | ((request: FakeRequest) => FakeReply | Promise<FakeReply>);

/**
 * Replaces the network under the real API client (its error parsing and app-wide banners still run).
 * Routes are keyed 'GET /items'; anything unrouted answers 404 { message: 'not_found' }.
 */
export function installFakeApi(routes: Record<string, FakeRoute> = {}) {
  const calls: FakeRequest[] = [];
  const transport: Transport = async ({ method, url, params, body }) => {
    const request: FakeRequest = {
      method,
      url,
      params: { ...params },
      // What the server would read: the JSON the client sends (FormData as it is).
      body: body === undefined || body instanceof FormData ? body : (JSON.parse(JSON.stringify(body)) as unknown),
    };
    calls.push(request);
    const route = routes[`${method} ${request.url}`];
    const reply = typeof route === 'function' ? await route(request) : (route ?? { status: 404, body: { message: 'not_found' } });
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return { status: reply.status ?? 200, data: reply.body };
  };
  setTransport(transport);
  return {
    calls,
    callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.url}` === key),
  };
}

export function uninstallFakeApi(): void {
  setTransport(undefined);
}
