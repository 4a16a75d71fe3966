import type { QueryClient } from '@tanstack/react-query';
import {
  SOCKET_RETRY_MS,
  SOCKET_START_DELAY_MS,
  type CheckoutReminder,
  type MessageNotification,
  type NotificationCounts,
  type OrderNotification,
  type SavedItemNotification,
  type SendMessageAck,
  type SendMessageInput,
  type WantMatchNotification,
} from '@keeb/shared';
import { sessionKeys } from '../../../lib/session';
import { addToHistory, applyCounts, applyToList, refetchAfterReconnect } from './cache';

/**
 * The tab's one realtime connection (spec part 2 section 7, issue 14). socket.io-client is imported only here and
 * only dynamically, once a signed-in user is present, so no page's first load carries it (the feed's 150 KB budget).
 * Events feed react-query's cache (cache.ts); the screens never hold a socket.
 */

/** What this module uses of a socket.io client socket: the real one, or the tests' fake (test/fake-socket.ts). */
export interface RealtimeSocket {
  on(event: 'msg', listener: (notification: MessageNotification) => void): unknown;
  on(event: 'counts', listener: (counts: NotificationCounts) => void): unknown;
  on(event: 'reminder', listener: (reminder: CheckoutReminder) => void): unknown;
  on(event: 'wantMatch', listener: (match: WantMatchNotification) => void): unknown;
  on(event: 'orderUpdate', listener: (update: OrderNotification) => void): unknown;
  on(event: 'savedItemUpdate', listener: (update: SavedItemNotification) => void): unknown;
  on(event: 'connect', listener: () => void): unknown;
  on(event: 'disconnect', listener: (reason: string) => void): unknown;
  on(event: 'connect_error', listener: (error: Error) => void): unknown;
  emit(event: 'sendMessage', input: SendMessageInput, ack: (result: SendMessageAck) => void): unknown;
  connect(): unknown;
  disconnect(): unknown;
  /** False once socket.io gave up by itself (a refusal at the handshake): then this module retries. */
  readonly active: boolean;
}

export type SocketFactory = (options: { userId: string }) => RealtimeSocket | Promise<RealtimeSocket>;

/** An ack that never comes (no connection) turns the 'Sending...' line into a failure the user can retry. */
export const SEND_TIMEOUT_MS = 15_000;

const socketIoFactory: SocketFactory = async ({ userId }) => {
  const { io } = await import('socket.io-client');
  // The spec's client sends userId in the query; the server trusts only the session cookie (issue 14).
  const socket = io({
    path: '/socket.io',
    query: { userId },
    withCredentials: true,
    // WebSocket only, no long-polling first: several API processes behind a balancer then need no sticky sessions
    // (each polling request could land on another process), and no request stays pending under every page.
    transports: ['websocket'],
    reconnectionDelay: SOCKET_RETRY_MS,
    reconnectionDelayMax: SOCKET_RETRY_MS,
    randomizationFactor: 0,
  });
  // socket.io's typed overloads are wider than this interface's; the events used are the shared contract's.
  return socket as unknown as RealtimeSocket;
};

let factory: SocketFactory = socketIoFactory;
let startDelayMs = SOCKET_START_DELAY_MS;

/** Tests inject a fake socket (and may shorten the start delay); `undefined` puts the real ones back. */
export function configureRealtime(options: { connect?: SocketFactory | undefined; startDelayMs?: number | undefined } = {}): void {
  factory = options.connect ?? socketIoFactory;
  startDelayMs = options.startDelayMs ?? SOCKET_START_DELAY_MS;
}

interface Connection {
  userId: string;
  ready: Promise<RealtimeSocket>;
  socket: RealtimeSocket | null;
  stopped: boolean;
  timers: Set<ReturnType<typeof setTimeout>>;
}

let current: Connection | null = null;
let openConversationId: string | null = null;
const messageListeners = new Set<(notification: MessageNotification) => void>();
const reminderListeners = new Set<(reminder: CheckoutReminder) => void>();
const wantMatchListeners = new Set<(match: WantMatchNotification) => void>();
const orderUpdateListeners = new Set<(update: OrderNotification) => void>();
const savedItemListeners = new Set<(update: SavedItemNotification) => void>();

/** The conversation on screen: its messages are read as they come, and it raises no corner notification. */
export function setOpenConversation(id: string | null): void {
  openConversationId = id;
}
export const getOpenConversation = () => openConversationId;

/** Every `msg` after the cache has taken it (the corner notification listens). */
export function subscribeToMessages(listener: (notification: MessageNotification) => void): () => void {
  messageListeners.add(listener);
  return () => messageListeners.delete(listener);
}

/** The server's one-time reminder to a sender that payment goes through checkout (the open conversation shows it). */
export function subscribeToReminders(listener: (reminder: CheckoutReminder) => void): () => void {
  reminderListeners.add(listener);
  return () => reminderListeners.delete(listener);
}

/** A listing matched one of the user's wants (issue 16): the wants feature's corner notice listens, through app/. */
export function subscribeToWantMatches(listener: (match: WantMatchNotification) => void): () => void {
  wantMatchListeners.add(listener);
  return () => wantMatchListeners.delete(listener);
}

/** News of one of the user's orders (issue 26): the orders feature's corner notice listens, through app/. */
export function subscribeToOrderUpdates(listener: (update: OrderNotification) => void): () => void {
  orderUpdateListeners.add(listener);
  return () => orderUpdateListeners.delete(listener);
}

/** News of an item the user saved (issue 29: a price drop, an offer to savers, that offer gone): the vault's notice listens, through app/. */
export function subscribeToSavedItemUpdates(listener: (update: SavedItemNotification) => void): () => void {
  savedItemListeners.add(listener);
  return () => savedItemListeners.delete(listener);
}

function later(connection: Connection, run: () => void, ms: number) {
  const timer = setTimeout(() => {
    connection.timers.delete(timer);
    run();
  }, ms);
  connection.timers.add(timer);
}

function wire(socket: RealtimeSocket, queryClient: QueryClient, connection: Connection) {
  let connectedBefore = false;
  socket.on('connect', () => {
    if (connectedBefore) refetchAfterReconnect(queryClient);
    connectedBefore = true;
  });
  socket.on('disconnect', (reason) => {
    // The server closes a socket when its session ends (logout in another tab, password reset, account removal):
    // the tab asks who it is again, and the shell shows it signed out.
    if (reason === 'io server disconnect') void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
  });
  socket.on('connect_error', () => {
    // socket.io retries a dropped connection by itself (every SOCKET_RETRY_MS); after a refusal it stops, and the
    // spec wants a retry every second on any error.
    if (!socket.active && !connection.stopped) later(connection, () => void socket.connect(), SOCKET_RETRY_MS);
  });
  socket.on('msg', (notification) => {
    addToHistory(queryClient, notification.message);
    applyToList(queryClient, notification, { viewerId: connection.userId, openConversationId });
    for (const listener of messageListeners) listener(notification);
  });
  socket.on('counts', (counts) => applyCounts(queryClient, counts));
  socket.on('reminder', (reminder) => {
    for (const listener of reminderListeners) listener(reminder);
  });
  socket.on('wantMatch', (match) => {
    for (const listener of wantMatchListeners) listener(match);
  });
  socket.on('orderUpdate', (update) => {
    for (const listener of orderUpdateListeners) listener(update);
  });
  socket.on('savedItemUpdate', (update) => {
    for (const listener of savedItemListeners) listener(update);
  });
}

/**
 * Starts the tab's connection for this user SOCKET_START_DELAY_MS from now (spec: 1 s), or once the page has loaded
 * and is idle if that is later; again for the same user is a no-op.
 */
export function startRealtime(queryClient: QueryClient, userId: string): void {
  if (current?.userId === userId && !current.stopped) return;
  stopRealtime();
  let resolve: (socket: RealtimeSocket) => void = () => undefined;
  const connection: Connection = {
    userId,
    ready: new Promise((done) => {
      resolve = done;
    }),
    socket: null,
    stopped: false,
    timers: new Set(),
  };
  current = connection;
  const open = () => {
    if (connection.stopped) return;
    void Promise.resolve()
      .then(() => factory({ userId }))
      .then(
        (socket) => {
          if (connection.stopped) {
            socket.disconnect();
            return;
          }
          connection.socket = socket;
          wire(socket, queryClient, connection);
          resolve(socket);
        },
        // The socket code failed to load (a deploy replaced the chunk, the network dropped): try again.
        () => {
          if (!connection.stopped) later(connection, open, SOCKET_RETRY_MS);
        },
      );
  };
  later(connection, () => whenPageSettled(open), startDelayMs);
}

/** How long the connection waits for an idle moment at most, once the page has loaded. */
const IDLE_WAIT_MS = 2_000;

/**
 * Runs `run` once the page has loaded and the main thread has a free moment (issue 37, second pass): socket.io's
 * code (13 kB gzip) and its handshake then come after the page's own work instead of in the middle of a phone's
 * first render (the sell page's first second). Where the browser has no idle callback, at once.
 */
function whenPageSettled(run: () => void) {
  if (document.readyState !== 'complete') {
    window.addEventListener('load', () => whenPageSettled(run), { once: true });
    return;
  }
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => run(), { timeout: IDLE_WAIT_MS });
  else run();
}

/** Logging out (or leaving the app) closes the connection. */
export function stopRealtime(): void {
  const connection = current;
  if (!connection) return;
  connection.stopped = true;
  for (const timer of connection.timers) clearTimeout(timer);
  connection.timers.clear();
  connection.socket?.disconnect();
  current = null;
}

/**
 * Sends a message (the `sendMessage` action) and resolves with the server's acknowledgement; waits for the
 * connection if it is still starting. A retry with the same clientId stores nothing twice (the server's rule).
 */
export async function sendMessage(input: SendMessageInput): Promise<SendMessageAck> {
  const connection = current;
  if (!connection) return { ok: false, error: 'unauthorized' };
  // The wait for the connection counts against the same timeout as the acknowledgement.
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ ok: false, error: 'timeout' }), SEND_TIMEOUT_MS);
    void connection.ready.then((socket) =>
      socket.emit('sendMessage', input, (result) => {
        clearTimeout(timer);
        resolve(result);
      }),
    );
  });
}
