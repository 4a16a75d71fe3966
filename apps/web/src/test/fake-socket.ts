import { act, waitFor } from '@testing-library/react';
import type {
  CheckoutReminder,
  MessageNotification,
  NotificationCounts,
  OrderNotification,
  SavedItemNotification,
  SendMessageAck,
  SendMessageInput,
  WantMatchNotification,
} from '@keeb/shared';
import { configureRealtime, type RealtimeSocket } from '../features/chat/realtime/socket';

type Listener = (payload?: unknown) => void;

/**
 * A stand-in for the socket.io client socket, injected into the realtime module (features/chat/realtime/socket.ts):
 * it records what the client sends and lets a test play the server's events.
 */
export class FakeSocket implements RealtimeSocket {
  readonly sent: Array<{ input: SendMessageInput; ack: (result: SendMessageAck) => void }> = [];
  active = true;
  disconnected = false;
  connectCalls = 0;
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(readonly userId: string) {}

  // Each event's listener takes its own payload type: stored under one loose type, called with what the test plays.
  on(event: string, listener: (payload: never) => void): this {
    const set = this.listeners.get(event) ?? new Set<Listener>();
    set.add(listener as Listener);
    this.listeners.set(event, set);
    return this;
  }

  emit(_event: 'sendMessage', input: SendMessageInput, ack: (result: SendMessageAck) => void): this {
    this.sent.push({ input, ack });
    return this;
  }

  connect(): this {
    this.connectCalls += 1;
    return this;
  }

  disconnect(): this {
    this.disconnected = true;
    this.active = false;
    return this;
  }

  /** Whether the realtime module has attached its listeners (it does so once the socket code has loaded). */
  get wired(): boolean {
    return this.listeners.has('msg');
  }

  /**
   * The server side: fire an event at the client, inside an async act (react-query notifies its observers on a
   * later tick, so the screen has caught up when this resolves).
   */
  serverEmit(event: 'msg', payload: MessageNotification): Promise<void>;
  serverEmit(event: 'counts', payload: NotificationCounts): Promise<void>;
  serverEmit(event: 'reminder', payload: CheckoutReminder): Promise<void>;
  serverEmit(event: 'wantMatch', payload: WantMatchNotification): Promise<void>;
  serverEmit(event: 'orderUpdate', payload: OrderNotification): Promise<void>;
  serverEmit(event: 'savedItemUpdate', payload: SavedItemNotification): Promise<void>;
  serverEmit(event: 'connect'): Promise<void>;
  serverEmit(event: 'disconnect', reason: string): Promise<void>;
  serverEmit(event: 'connect_error', payload: Error): Promise<void>;
  async serverEmit(event: string, payload?: unknown): Promise<void> {
    await act(async () => {
      for (const listener of this.listeners.get(event) ?? []) listener(payload);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

/** Every socket the app opens from now on is a FakeSocket; the newest is `latest()`. */
export function installFakeSocket({ startDelayMs = 0 }: { startDelayMs?: number } = {}) {
  const sockets: FakeSocket[] = [];
  configureRealtime({
    connect: ({ userId }) => {
      const socket = new FakeSocket(userId);
      sockets.push(socket);
      return socket;
    },
    startDelayMs,
  });
  const latest = () => sockets.at(-1);
  /** The app's socket once it listens (after the start delay and the lazy import). */
  const ready = async (): Promise<FakeSocket> => {
    await waitFor(() => {
      if (!latest()?.wired) throw new Error('no socket listening yet');
    });
    return latest() as FakeSocket;
  };
  return { sockets, latest, ready };
}
