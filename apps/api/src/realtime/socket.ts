import type { Server as HttpServer } from 'node:http';
import type { RequestHandler } from 'express';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';

/** The room every socket of one signed-in user joins, so pushes reach all of that user's tabs and devices. */
export const userRoom = (userId: string) => `user:${userId}`;

/**
 * socket.io on the same HTTP server and session as the API. With REDIS_URL the Redis adapter relays events
 * between API processes. Chat and notification events arrive with their issues.
 */
export function createRealtime(httpServer: HttpServer, options: { session: RequestHandler; redisUrl?: string | undefined }) {
  const io = new Server(httpServer, { path: '/socket.io', serveClient: false, cors: { origin: false } });
  const redisClients: Redis[] = [];
  if (options.redisUrl) {
    const pub = new Redis(options.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 });
    const sub = pub.duplicate();
    redisClients.push(pub, sub);
    io.adapter(createAdapter(pub, sub));
  }
  // Runs express-session on the handshake so sockets know their user from the same cookie.
  io.engine.use(options.session);
  io.on('connection', (socket) => {
    const userId = (socket.request as unknown as { session?: { userId?: string } }).session?.userId;
    if (userId) void socket.join(userRoom(userId));
  });
  return {
    io,
    async close() {
      await io.close();
      await Promise.all(redisClients.map((c) => c.quit().catch(() => undefined)));
    },
  };
}
