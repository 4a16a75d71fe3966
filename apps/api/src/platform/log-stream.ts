import { fstatSync } from 'node:fs';
import { Socket } from 'node:net';

/** What pino writes lines to. */
export interface LineSink {
  write(line: string): void;
}

/** Bytes queued for a stalled reader before lines are dropped: a few thousand lines, a bounded amount of memory. */
export const MAX_PENDING_BYTES = 512 * 1024;

/**
 * Log lines to a pipe or socket (a supervisor, a log collector) without ever blocking the event loop. A
 * synchronous write to a pipe whose reader stopped reading waits forever (pino's default waits in Atomics.wait),
 * freezing every request and any shutdown. Here the descriptor is written through a non-blocking handle; while the
 * reader lags, up to `maxPending` bytes wait in memory, lines beyond that are dropped and counted, and the count
 * is reported (`onDropped`) once the reader has caught up. A reader that went away (EPIPE) drops everything after.
 */
export class NonBlockingLineWriter implements LineSink {
  private dropped = 0;
  private broken = false;
  /** Told how many lines were dropped, once the queue has drained; the logger writes a warning with it. */
  onDropped: ((count: number) => void) | undefined;

  constructor(
    private readonly socket: Socket,
    private readonly maxPending = MAX_PENDING_BYTES,
  ) {
    socket.on('error', () => {
      this.broken = true;
    });
    socket.on('drain', () => {
      const count = this.dropped;
      if (count === 0 || this.broken) return;
      this.dropped = 0;
      this.onDropped?.(count);
    });
    // Logging alone never keeps the process alive.
    socket.unref();
  }

  write(line: string): void {
    if (this.broken || this.socket.writableLength + line.length > this.maxPending) {
      this.dropped += 1;
      return;
    }
    // The lines of one turn of the event loop go out in one system call (a busy API logs a line per request).
    if (!this.corked) {
      this.corked = true;
      this.socket.cork();
      setImmediate(this.uncork);
    }
    this.socket.write(line);
  }

  private corked = false;
  private readonly uncork = () => {
    this.corked = false;
    this.socket.uncork();
  };

  /** Lines dropped and not reported yet. */
  get droppedCount(): number {
    return this.dropped;
  }

  /** Resolves once everything queued is written, or after `ms` (a stalled reader must not hold up an exit). */
  flush(ms: number): Promise<void> {
    if (this.corked) this.uncork();
    if (this.broken || this.socket.writableLength === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref();
      this.socket.once('drain', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}

/** A non-blocking writer for `fd` when it is a pipe or socket; undefined for files and terminals, which never stall. */
export function nonBlockingWriterFor(fd: number): NonBlockingLineWriter | undefined {
  try {
    const stat = fstatSync(fd);
    if (!stat.isFIFO() && !stat.isSocket()) return undefined;
    return new NonBlockingLineWriter(new Socket({ fd, readable: false, writable: true }));
  } catch {
    return undefined;
  }
}
