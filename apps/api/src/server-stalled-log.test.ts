import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, constants, openSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { freePort } from '../../../scripts/free-port.mjs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const serverEntry = path.join(path.dirname(fileURLToPath(import.meta.url)), 'server.ts');
/** The server's promise: SIGTERM to exit within this (SHUTDOWN_GRACE_MS). */
const GRACE_MS = 10_000;
let dir = '';

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'keeb-stalled-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** GET with a time limit: a frozen server answers nothing, and the test must say so rather than hang. */
async function get(url: string, ms = 5_000): Promise<number | 'timeout'> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(ms) })).status;
  } catch {
    return 'timeout';
  }
}

const exited = (child: ChildProcess) => new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

describe('a log reader that stops reading', () => {
  it('neither freezes requests nor keeps SIGTERM from ending the process within the grace period', { timeout: 120_000 }, async () => {
    // A named pipe that is opened for reading and never read: the kernel's pipe buffer (64 KB) fills, then
    // every further write to it would block, like stdout to a stalled log collector.
    const fifo = path.join(dir, 'stdout.fifo');
    execFileSync('mkfifo', [fifo]);
    const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    const writer = openSync(fifo, constants.O_WRONLY);
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
      env: { PATH: process.env.PATH, DATA_DIR: path.join(dir, 'data'), DEMO_DATA: '0', LOG_PRETTY: '0', LOG_LEVEL: 'info', PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', writer, 'pipe'],
    });
    closeSync(writer);
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exit = exited(child);
    try {
      const base = `http://127.0.0.1:${port}`;
      const started = Date.now();
      while ((await get(`${base}/api/health`, 1_000)) !== 200) {
        if (Date.now() - started > 60_000) throw new Error(`server did not start: ${stderr}`);
        await new Promise((r) => setTimeout(r, 250));
      }
      // Each request logs a line with its URL: 300 lines of 4 KB are far more than the pipe holds.
      const padding = 'x'.repeat(4_000);
      for (let round = 0; round < 30; round++) {
        const statuses = await Promise.all(Array.from({ length: 10 }, (_, i) => get(`${base}/api/categories?pad=${padding}&n=${round * 10 + i}`)));
        expect(statuses.every((s) => s === 200), `round ${round}: ${statuses.join(',')}`).toBe(true);
      }
      // Still answering, after the log has long been full.
      expect(await get(`${base}/api/categories`)).toBe(200);

      // A request that never finishes sending holds its connection open through the shutdown.
      const hanging = connect(port, '127.0.0.1');
      hanging.on('error', () => undefined);
      hanging.write(`POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":`);
      await new Promise((r) => setTimeout(r, 200));

      const sigterm = Date.now();
      child.kill('SIGTERM');
      const code = await Promise.race([exit, new Promise<'still running'>((r) => setTimeout(() => r('still running'), GRACE_MS + 3_000))]);
      const tookMs = Date.now() - sigterm;
      expect(code, stderr).not.toBe('still running');
      expect(tookMs).toBeLessThanOrEqual(GRACE_MS + 1_000);
      hanging.destroy();
    } finally {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exit;
      }
      closeSync(reader);
    }
  });
});
