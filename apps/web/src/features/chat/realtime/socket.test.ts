import { QueryClient } from '@tanstack/react-query';
import { SOCKET_RETRY_MS } from '@keeb/shared';
import { describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../../../test/fake-socket';
import { configureRealtime, SEND_TIMEOUT_MS, sendMessage, startRealtime } from './socket';

describe('the realtime module', () => {
  it(`tries again ${SOCKET_RETRY_MS} ms later when the socket code fails to load`, async () => {
    vi.useFakeTimers();
    const sockets: FakeSocket[] = [];
    let failures = 1;
    configureRealtime({
      startDelayMs: 0,
      connect: ({ userId }) => {
        if (failures-- > 0) throw new Error('Failed to fetch dynamically imported module');
        const socket = new FakeSocket(userId);
        sockets.push(socket);
        return socket;
      },
    });
    startRealtime(new QueryClient(), 'u1');
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(SOCKET_RETRY_MS);
    expect(sockets).toHaveLength(1);
  });

  it('opens the connection only once the page has loaded and the main thread is idle (issue 37: not in the first render)', async () => {
    vi.useFakeTimers();
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void, options: { timeout: number }) => {
      expect(options.timeout).toBeGreaterThan(0);
      idle.push(callback);
      return idle.length;
    });
    try {
      const sockets: FakeSocket[] = [];
      configureRealtime({ startDelayMs: 1000, connect: ({ userId }) => sockets[sockets.push(new FakeSocket(userId)) - 1]! });
      startRealtime(new QueryClient(), 'u1');
      await vi.advanceTimersByTimeAsync(5000);
      expect(idle).toHaveLength(0);
      readyState.mockReturnValue('complete');
      window.dispatchEvent(new Event('load'));
      expect(idle).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(sockets).toHaveLength(0);
      idle[0]!();
      await vi.advanceTimersByTimeAsync(1);
      expect(sockets).toHaveLength(1);
    } finally {
      readyState.mockRestore();
      vi.unstubAllGlobals();
    }
  });

  it(`a send with no acknowledgement within ${SEND_TIMEOUT_MS / 1000} s resolves as not sent`, async () => {
    vi.useFakeTimers();
    const socket = new FakeSocket('u1');
    configureRealtime({ startDelayMs: 0, connect: () => socket });
    startRealtime(new QueryClient(), 'u1');
    const result = sendMessage({ conversationId: null, toUserId: null, msg: 'hello', clientId: 'k1' });
    await vi.advanceTimersByTimeAsync(1);
    expect(socket.sent.map((sent) => sent.input.msg)).toEqual(['hello']);
    await vi.advanceTimersByTimeAsync(SEND_TIMEOUT_MS);
    await expect(result).resolves.toEqual({ ok: false, error: 'timeout' });
  });

  it('a socket closed by the server (the session ended elsewhere) makes the tab ask who it is again', async () => {
    const socket = new FakeSocket('u1');
    configureRealtime({ startDelayMs: 0, connect: () => socket });
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    startRealtime(queryClient, 'u1');
    await vi.waitFor(() => expect(socket.wired).toBe(true));
    await socket.serverEmit('disconnect', 'transport close');
    expect(invalidate).not.toHaveBeenCalled();
    await socket.serverEmit('disconnect', 'io server disconnect');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['session'] });
  });

  it('no connection at all (signed out) answers unauthorized at once', async () => {
    await expect(sendMessage({ msg: 'hello' })).resolves.toEqual({ ok: false, error: 'unauthorized' });
  });
});
