import { once } from 'node:events';
import { createServer, connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { NonBlockingLineWriter } from './log-stream';

describe('NonBlockingLineWriter', () => {
  it('drops and counts lines while the reader stalls, never blocking, and reports the count once it catches up', async () => {
    let reader: Socket | undefined;
    const server = createServer((socket) => {
      reader = socket;
      socket.pause();
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const socket = connect((server.address() as { port: number }).port, '127.0.0.1');
    await once(socket, 'connect');
    const writer = new NonBlockingLineWriter(socket, 64 * 1024);
    const reports: number[] = [];
    writer.onDropped = (count) => reports.push(count);

    const line = `${'x'.repeat(1023)}\n`;
    const started = performance.now();
    // 64 MB: far beyond what the kernel buffers for a reader that does not read.
    for (let i = 0; i < 64 * 1024; i++) writer.write(line);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(socket.writableLength).toBeLessThanOrEqual(64 * 1024);
    const dropped = writer.droppedCount;
    expect(dropped).toBeGreaterThan(0);

    let received = 0;
    reader!.on('data', (chunk: Buffer) => (received += chunk.length));
    reader!.resume();
    await writer.flush(5_000);
    await new Promise((r) => setTimeout(r, 50));
    expect(reports).toEqual([dropped]);
    expect(received).toBe((64 * 1024 - dropped) * line.length);
    socket.destroy();
    server.close();
  });

  it('drops everything once the reader has gone away, without throwing', async () => {
    const server = createServer((s) => s.destroy());
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const socket = connect((server.address() as { port: number }).port, '127.0.0.1');
    await once(socket, 'connect');
    const writer = new NonBlockingLineWriter(socket, 64 * 1024);
    for (let i = 0; i < 200; i++) {
      writer.write('line\n');
      await new Promise((r) => setImmediate(r));
    }
    expect(writer.droppedCount).toBeGreaterThan(0);
    server.close();
  });
});
