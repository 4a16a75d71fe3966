import { AxiosError, type AxiosAdapter, type AxiosResponse } from 'axios';
import { api } from '../lib/api';

/** A request as the fake server saw it: method, path relative to /api, query params and JSON body. */
export interface FakeRequest {
  method: string;
  url: string;
  params: Record<string, unknown>;
  body: unknown;
}

export type FakeReply = { status?: number; body?: unknown } | 'network-error';
export type FakeRoute = FakeReply | ((request: FakeRequest) => FakeReply | Promise<FakeReply>);

const realAdapter = api.defaults.adapter;

/**
 * Replaces the HTTP layer under the real axios instance (interceptors and error parsing still run).
 * Routes are keyed 'GET /items'; anything unrouted answers 404 { message: 'not_found' }.
 */
export function installFakeApi(routes: Record<string, FakeRoute> = {}) {
  const calls: FakeRequest[] = [];
  const adapter: AxiosAdapter = async (config) => {
    const method = (config.method ?? 'get').toUpperCase();
    const request: FakeRequest = {
      method,
      url: config.url ?? '',
      params: (config.params as Record<string, unknown> | undefined) ?? {},
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
    };
    calls.push(request);
    const route = routes[`${method} ${request.url}`];
    const reply = typeof route === 'function' ? await route(request) : (route ?? { status: 404, body: { message: 'not_found' } });
    if (reply === 'network-error') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
    const response: AxiosResponse = {
      data: reply.body,
      status: reply.status ?? 200,
      statusText: '',
      headers: {},
      config,
      request: {},
    };
    if (response.status >= 400) {
      const code = response.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST;
      throw new AxiosError(`Request failed with status code ${response.status}`, code, config, {}, response);
    }
    return response;
  };
  api.defaults.adapter = adapter;
  return {
    calls,
    callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.url}` === key),
  };
}

export function uninstallFakeApi(): void {
  api.defaults.adapter = realAdapter;
}
