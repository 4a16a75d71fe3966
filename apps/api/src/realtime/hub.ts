import type { Express } from 'express';
import type { Server, Socket } from 'socket.io';
import type { ClientToServerEvents, NotificationCounts, ServerToClientEvents } from '@keeb/shared';
import type { Logger } from '../platform/logger';

export type IoServer = Server<ClientToServerEvents, ServerToClientEvents>;
export type IoSocket = Socket<ClientToServerEvents, ServerToClientEvents>;

/** The room every socket of one signed-in user joins, so pushes reach all of that user's tabs and devices. */
export const userRoom = (userId: string) => `user:${userId}`;
/** The room of the sockets opened with one session (its tabs), closed when that session ends. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/**
 * What the modules push through and what they listen on, independent of when socket.io is started: createApp
 * builds the hub (the services get it), server.ts attaches the socket.io server to it once the HTTP server exists.
 * Before that (or in tests without sockets) pushes go nowhere, which is what they mean: nobody is connected.
 */
export interface RealtimeHub {
  /**
   * Emits to every socket of the users, on every API process (through the adapter): one broadcast for all of them
   * (with Redis, one stream entry that every process reads), each socket receiving it once.
   */
  toUsers<E extends keyof ServerToClientEvents>(userIds: readonly string[], event: E, ...args: Parameters<ServerToClientEvents[E]>): void;
  /** toUsers for one user. */
  toUser<E extends keyof ServerToClientEvents>(userId: string, event: E, ...args: Parameters<ServerToClientEvents[E]>): void;
  /**
   * Closes the sockets of a session that ended (logout) or of every session of a user (password reset, account
   * removal), on every API process: a socket must not outlive the session it was opened with.
   */
  closeSockets(of: { sessionId: string } | { userId: string }): void;
  /** Recomputes the user's badge counts and pushes them as `counts` (after a commit that changed them). Never throws. */
  notifyCounts(userId: string): void;
  /** Registers what a module does with each signed-in socket (chat: sendMessage). */
  onSocket(handler: (socket: IoSocket, userId: string) => void): void;
  /** The counts' source (the notifications module's, wired in createApp). */
  countsFrom(source: (userId: string) => Promise<NotificationCounts>): void;
  /** Called by createRealtime. */
  attach(io: IoServer): void;
  /** Called by createRealtime for each signed-in socket. */
  connected(socket: IoSocket, userId: string): void;
  /** Resolves once every counts push started so far has been sent (tests). */
  settled(): Promise<void>;
}

export function createRealtimeHub(logger?: Logger): RealtimeHub {
  let io: IoServer | undefined;
  let counts: ((userId: string) => Promise<NotificationCounts>) | undefined;
  const handlers: Array<(socket: IoSocket, userId: string) => void> = [];
  const pending = new Set<Promise<void>>();
  return {
    toUsers(userIds, event, ...args) {
      io?.to(userIds.map(userRoom)).emit(event, ...args);
    },
    toUser(userId, event, ...args) {
      io?.to(userRoom(userId)).emit(event, ...args);
    },
    closeSockets(of) {
      io?.in('sessionId' in of ? sessionRoom(of.sessionId) : userRoom(of.userId)).disconnectSockets(true);
    },
    notifyCounts(userId) {
      if (!io || !counts) return;
      const target = io;
      const push = counts(userId)
        .then((c) => void target.to(userRoom(userId)).emit('counts', c))
        .catch((err: unknown) => logger?.warn({ err, userId }, 'cannot push notification counts'));
      pending.add(push);
      void push.finally(() => pending.delete(push));
    },
    onSocket(handler) {
      handlers.push(handler);
    },
    countsFrom(source) {
      counts = source;
    },
    attach(server) {
      io = server;
    },
    connected(socket, userId) {
      for (const handler of handlers) handler(socket, userId);
    },
    async settled() {
      await Promise.all([...pending]);
    },
  };
}

const HUB = Symbol('realtimeHub');

/** Keeps the hub on the app, where server.ts and the tests find it (realtimeHubOf). */
export function attachHub(app: Express, hub: RealtimeHub): void {
  (app.locals as Record<symbol, unknown>)[HUB] = hub;
}

export function realtimeHubOf(app: Express): RealtimeHub {
  const hub = (app.locals as Record<symbol, unknown>)[HUB] as RealtimeHub | undefined;
  if (!hub) throw new Error('this app was not built by createApp');
  return hub;
}
