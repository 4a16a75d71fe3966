import { act } from '@testing-library/react';
import type { MessageNotification, NotificationCounts, SendMessageAck, SendMessageInput } from '@keeb/shared';
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

  /** The server side: fire an event at the client (inside act, as React state follows). */
  serverEmit(event: 'msg', payload: MessageNotification): void;
  serverEmit(event: 'counts', payload: NotificationCounts): void;
  serverEmit(event: 'connect' | 'disconnect'): void;
  serverEmit(event: 'connect_error', payload: Error): void;
  serverEmit(event: string, payload?: unknown): void {
    act(() => {
      for (const listener of this.listeners.get(event) ?? []) listener(payload);
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
  return { sockets, latest: () => sockets.at(-1) };
}
