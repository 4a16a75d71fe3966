import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { freePort } from '../scripts/free-port.mjs';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error plain ES module shared with `npm start`
import { ensureBuilt } from '../scripts/build-if-stale.mjs';

export interface RunningServer {
  baseUrl: string;
  /** The server's DATA_DIR (mail outbox, uploads). */
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Builds if needed and starts the real server (production mode) on a temporary DATA_DIR: the embedded database
 * with demo content, unless `env` points it elsewhere (DATABASE_URL).
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const { serverEntry } = ensureBuilt() as { serverEntry: string };
  const dataDir = await mkdtemp(path.join(tmpdir(), 'keeb-e2e-'));
  // A concrete port (not 0), so links the server builds from PORT (mail, referral, payment return) point at itself.
  const port = await freePort();
  const server: ChildProcess = spawn(process.execPath, [serverEntry], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', ADMIN_USERNAMES: 'demo_tofu', LOG_PRETTY: '0', LOG_LEVEL: 'warn', NODE_ENV: 'production',
      // The address the browser uses, so links the server makes (mail, the payment return) keep its cookies.
      PUBLIC_URL: `http://127.0.0.1:${port}`, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start in 90 s:\n${output}`)), 90_000);
    server.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+?)\/?\s/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!.replace('localhost', '127.0.0.1'));
      }
    });
    server.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return {
    baseUrl,
    dataDir,
    async stop() {
      await new Promise<void>((resolve) => {
        if (server.exitCode !== null) return resolve();
        server.once('exit', () => resolve());
        server.kill('SIGTERM');
      });
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
