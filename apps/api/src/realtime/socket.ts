import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { RequestHandler } from 'express';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { CHAT_ERRORS } from '@keeb/shared';
import { createRealtimeHub, sessionRoom, userRoom, type IoServer, type RealtimeHub } from './hub';

export { userRoom };

/** How long a dropped socket's rooms and missed events are kept for it to resume (connection state recovery). */
const RECOVERY_MS = 2 * 60 * 1000;

const userIdOf = (req: IncomingMessage) => (req as unknown as { session?: { userId?: string } }).session?.userId;

/**
 * Whether a handshake's Origin may open a socket: the app's own origin (PUBLIC_URL), or the host the request was
 * sent to (the dev server's proxy, a deployment reached by another name). CORS does not apply to WebSocket, so
 * without this any site could open a socket with the visitor's cookie. No Origin: not a browser, whose cookie it
 * would otherwise ride on.
 */
export function originAllowed(req: IncomingMessage, appUrl: string | undefined): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  let host: string;
  try {
    const url = new URL(origin);
    if (appUrl && url.origin === new URL(appUrl).origin) return true;
    host = url.host;
  } catch {
    return false;
  }
  return host === req.headers.host;
}

/**
 * socket.io on the same HTTP server and session as the API. The handshake needs a signed-in session (express-session
 * runs on the engine, so the cookie decides; the client's `userId` query is never read) and an allowed Origin. Each
 * socket joins its user's room; the modules' handlers (chat) come through the hub. With REDIS_URL the Redis streams
 * adapter relays events between API processes (docs/decisions/0205-redis-streams-adapter-several-processes.md).
 */
export function createRealtime(
  httpServer: HttpServer,
  options: { session: RequestHandler; redisUrl?: string | undefined; hub?: RealtimeHub; appUrl?: string | undefined },
) {
  const io: IoServer = new Server(httpServer, {
    path: '/socket.io',
    serveClient: false,
    cors: { origin: false },
    allowRequest: (req, callback) => {
      const allowed = originAllowed(req, options.appUrl);
      callback(allowed ? null : 'origin not allowed', allowed);
    },
    // Middlewares run again on a resumed connection: the session is checked every time.
    connectionStateRecovery: { maxDisconnectionDuration: RECOVERY_MS, skipMiddlewares: false },
  });
  const redisClients: Redis[] = [];
  if (options.redisUrl) {
    const client = new Redis(options.redisUrl, { maxRetriesPerRequest: 2 });
    redisClients.push(client);
    // blockTimeInMs bounds how long a closing process waits for its stream reader; delivery does not wait for it.
    io.adapter(createAdapter(client, { blockTimeInMs: 1000 }));
  }
  // Runs express-session on the handshake so sockets know their user from the same cookie.
  io.engine.use(options.session);
  io.use((socket, next) => {
    next(userIdOf(socket.request) ? undefined : new Error(CHAT_ERRORS.unauthorized));
  });
  const hub = options.hub ?? createRealtimeHub(undefined);
  hub.attach(io);
  io.on('connection', (socket) => {
    const userId = userIdOf(socket.request);
    if (!userId) return void socket.disconnect(true);
    const sessionId = (socket.request as unknown as { sessionID?: string }).sessionID;
    void socket.join(sessionId ? [userRoom(userId), sessionRoom(sessionId)] : userRoom(userId));
    hub.connected(socket, userId);
  });
  return {
    io,
    hub,
    async close() {
      await io.close();
      await Promise.all(redisClients.map((c) => c.quit().catch(() => undefined)));
    },
  };
}
