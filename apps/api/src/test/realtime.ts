import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express, RequestHandler } from 'express';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll } from 'vitest';
import type { ClientToServerEvents, SendMessageAck, SendMessageInput, ServerToClientEvents } from '@keeb/shared';
import { createSessionMiddleware } from '../platform/session';
import { realtimeHubOf } from '../realtime/hub';
import { createRealtime } from '../realtime/socket';
import type { TestContext } from './app';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** An HTTP server with socket.io for an app, as server.ts starts it; sockets opened through it close with it. */
export async function listenWithRealtime(app: Express, session: RequestHandler, options: { redisUrl?: string | undefined; appUrl?: string } = {}) {
  const server: Server = createServer(app);
  const realtime = createRealtime(server, { session, redisUrl: options.redisUrl, hub: realtimeHubOf(app), appUrl: options.appUrl });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const sockets: ClientSocket[] = [];
  return {
    url,
    realtime,
    /** Connects like the browser client (websocket, the cookie, optionally an Origin and the spec's userId query). */
    open(cookie?: string, extra: { origin?: string; query?: Record<string, string> } = {}): Promise<ClientSocket> {
      const headers: Record<string, string> = {};
      if (cookie) headers.cookie = cookie;
      if (extra.origin) headers.origin = extra.origin;
      const socket: ClientSocket = connect(url, { path: '/socket.io', transports: ['websocket'], extraHeaders: headers, query: extra.query ?? {}, reconnection: false, forceNew: true });
      sockets.push(socket);
      return new Promise((resolve, reject) => {
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', reject);
      });
    },
    async close() {
      sockets.forEach((s) => s.disconnect());
      await realtime.close();
    },
  };
}

/** Registers hooks that serve the test app with socket.io (call after useTestApp). */
export function useRealtime(t: TestContext, options: { redisUrl?: string | undefined; appUrl?: string } = {}) {
  const handle = {} as Awaited<ReturnType<typeof listenWithRealtime>>;
  beforeAll(async () => {
    Object.assign(handle, await listenWithRealtime(t.app, createSessionMiddleware(t.config, t.db.db).middleware, options));
  });
  afterAll(() => handle.close());
  return handle;
}

/** Sends like the client: emit with an acknowledgement. */
export function sendMessage(socket: ClientSocket, input: SendMessageInput | Record<string, unknown>): Promise<SendMessageAck> {
  return socket.timeout(10_000).emitWithAck('sendMessage', input as SendMessageInput);
}

/** Collects the events of one kind a socket receives. */
export function collect<E extends keyof ServerToClientEvents>(socket: ClientSocket, event: E): Array<Parameters<ServerToClientEvents[E]>[0]> {
  const received: Array<Parameters<ServerToClientEvents[E]>[0]> = [];
  socket.on(event, ((payload: Parameters<ServerToClientEvents[E]>[0]) => received.push(payload)) as never);
  return received;
}
