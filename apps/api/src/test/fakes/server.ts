import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
  /** The body read as an HTML form (what OAuth token endpoints and Twilio take). */
  form: URLSearchParams;
}

export interface FakeServer {
  /** http://127.0.0.1:<port>, no trailing slash. */
  url: string;
  /** Every request received, in order. */
  requests: FakeRequest[];
  close(): Promise<void>;
}

export type FakeHandler = (req: FakeRequest, res: ServerResponse) => void | Promise<void>;

export function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

/** The user and password of an HTTP Basic Authorization header. */
export function basicCredentials(headers: IncomingHttpHeaders): [string, string] | undefined {
  const match = /^Basic (.+)$/.exec(headers.authorization ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : [decoded.slice(0, colon), decoded.slice(colon + 1)];
}

export const bearerToken = (headers: IncomingHttpHeaders) => /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1];

/** A real HTTP server on 127.0.0.1 and a free port, speaking whatever protocol `handle` implements. */
export async function startFakeServer(handle: FakeHandler): Promise<FakeServer> {
  const requests: FakeRequest[] = [];
  const server = createServer(async (incoming, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(incoming.url ?? '/', 'http://fake');
    const req: FakeRequest = { method: incoming.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: incoming.headers, body, form: new URLSearchParams(body) };
    requests.push(req);
    try {
      await handle(req, res);
      if (!res.headersSent) sendJson(res, 404, { error: 'not_found' });
    } catch (error) {
      sendJson(res, 500, { error: String(error) });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
