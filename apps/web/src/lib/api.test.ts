import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from './api';
import { ApiError } from './api-error';
import { apiAlerts } from './api-alerts';
import { installFakeApi, uninstallFakeApi } from '../test/fake-api';

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('api error parsing', () => {
  it('turns { message: code, ...details } into status, code and details', async () => {
    installFakeApi({ 'POST /item': { status: 429, body: { message: 'too_many_posts', timeLeft: 3600 } } });
    const error = await failureOf(api.post('/item', { name: 'x' }));
    expect(error).toMatchObject({ status: 429, code: 'too_many_posts', details: { timeLeft: 3600 } });
  });

  it("reads the rate limiter's { code: 'TooManyRequests' }", async () => {
    installFakeApi({ 'POST /login': { status: 429, body: { code: 'TooManyRequests' } } });
    const error = await failureOf(api.post('/login', {}));
    expect(error).toMatchObject({ status: 429, code: 'TooManyRequests' });
  });

  it('gives status 0 when no answer arrives', async () => {
    installFakeApi({ 'GET /regions': 'network-error' });
    const error = await failureOf(api.get('/regions'));
    expect(error).toMatchObject({ status: 0, code: 'network_error' });
  });

  it('names a body without a code by its status', async () => {
    installFakeApi({ 'GET /regions': { status: 502, body: '<html>Bad gateway</html>' } });
    const error = await failureOf(api.get('/regions'));
    expect(error).toMatchObject({ status: 502, code: 'http_502' });
  });

  it('raises the banners only for the calls the spec names', async () => {
    installFakeApi({
      'GET /regions': 'network-error',
      'POST /login': { status: 429, body: { code: 'TooManyRequests' } },
    });
    await failureOf(api.get('/regions'));
    await failureOf(api.post('/login', {}));
    expect(apiAlerts.getSnapshot()).toEqual({ network: false, rateLimit: false });

    installFakeApi({
      'GET /categories': 'network-error',
      'GET /me/verified': { status: 429, body: { code: 'TooManyRequests' } },
    });
    await failureOf(api.get('/categories'));
    await failureOf(api.get('/me/verified'));
    expect(apiAlerts.getSnapshot()).toEqual({ network: true, rateLimit: true });
  });
});

describe('XSRF header (the real fetch transport)', () => {
  let server: Server | undefined;

  afterEach(async () => {
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  /** A server on a free port that records the headers of each `method` request (jsdom asks a CORS preflight first). */
  async function recordingServer(method: 'GET' | 'POST') {
    const received: IncomingHttpHeaders[] = [];
    server = createServer((request, response) => {
      response.setHeader('Access-Control-Allow-Origin', request.headers.origin ?? '*');
      response.setHeader('Access-Control-Allow-Credentials', 'true');
      response.setHeader('Access-Control-Allow-Headers', 'Content-Type, Accept, X-XSRF-TOKEN');
      response.setHeader('Access-Control-Allow-Methods', method);
      if (request.method === method) received.push(request.headers);
      response.statusCode = request.method === 'OPTIONS' ? 204 : 200;
      response.end(request.method === 'OPTIONS' ? undefined : '{}');
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    uninstallFakeApi();
    document.cookie = 'XSRF-TOKEN=token-123; path=/';
    return { received, origin: `http://127.0.0.1:${port}` };
  }

  it('copies the XSRF-TOKEN cookie into X-XSRF-TOKEN on a POST', async () => {
    const { received, origin } = await recordingServer('POST');
    await api.post(`${origin}/api/logout`);
    expect(received).toHaveLength(1);
    expect(received[0]?.['x-xsrf-token']).toBe('token-123');
  });

  it('sends no X-XSRF-TOKEN on a GET, which the server does not check (issue 37: no cookie read per read)', async () => {
    const { received, origin } = await recordingServer('GET');
    await api.get(`${origin}/api/items`);
    expect(received).toHaveLength(1);
    expect(received[0]?.['x-xsrf-token']).toBeUndefined();
  });
});
