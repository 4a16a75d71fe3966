/** The API as users run it: the built bundle in its own process, on a free port, pointed at the bench database. */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync } from 'node:fs';
import { freePort } from '../scripts/free-port.mjs';
import os from 'node:os';
import path from 'node:path';
import type { Target } from './database';
import { BENCH_SESSION_SECRET } from './offers';

export { freePort };

export function buildApi(root: string): void {
  const result = spawnSync('npm', ['run', 'build', '-w', '@keeb/api'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (result.status !== 0) throw new Error('building the API failed');
}

export interface RunningApi {
  baseUrl: string;
  /** The API process (its CPU time is read from /proc by bench/paired.ts). */
  pid: number;
  logFile: string;
  stop(): Promise<void>;
}

/**
 * extraEnv: settings for this run only (bench/paired.ts turns the first-page cache off in both builds); nodeArgs:
 * Node options for the API process (`--cpu-prof`, `--trace-gc`).
 */
export async function startApi(root: string, target: Target, extraEnv: NodeJS.ProcessEnv = {}, nodeArgs: string[] = []): Promise<RunningApi> {
  const port = await freePort();
  // PGlite: the filled DATA_DIR itself (its db/ folder); PostgreSQL: a throwaway DATA_DIR for the log.
  const dataDir = target.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'keeb-bench-'));
  mkdirSync(dataDir, { recursive: true });
  const logFile = path.join(dataDir, 'bench-api.log');
  const log = openSync(logFile, 'a');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_DATA: '0',
    DATABASE_URL: target.driver === 'pg' ? target.url : '',
    REDIS_URL: '',
    // Known to the bench, which signs the session cookie of its signed-in cases with it (bench/offers.ts).
    SESSION_SECRET: BENCH_SESSION_SECRET,
    ...extraEnv,
  };
  const child = spawn(process.execPath, [...nodeArgs, path.join(root, 'apps', 'api', 'dist', 'server.js')], { cwd: root, env, stdio: ['ignore', log, log] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 200) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode} before it was ready; see ${logFile}`);
    if (waited > 60_000) {
      child.kill('SIGTERM');
      throw new Error(`the API did not answer /api/health within 60 s; see ${logFile}`);
    }
    const ok = await fetch(`${baseUrl}/api/health`).then((r) => r.ok).catch(() => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    pid: child.pid!,
    logFile,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
