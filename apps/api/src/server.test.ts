import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const serverEntry = path.join(path.dirname(fileURLToPath(import.meta.url)), 'server.ts');
let dataDir = '';

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'keeb-server-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

/** Runs the real server entry in a child process; resolves with its exit code and output. */
function runServer(env: NodeJS.ProcessEnv, onStdout?: (text: string, child: ReturnType<typeof spawn>) => void) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, DEMO_DATA: '0', LOG_PRETTY: '0', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      onStdout?.(stdout, child);
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('server start-up', () => {
  it('stops with one clear line on a bad PORT', async () => {
    const result = await runServer({ PORT: 'abc' });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe('Invalid configuration: PORT must be a port number (got "abc")');
  });

  it('stops with one clear line when the database refuses the connection', async () => {
    const result = await runServer({ PORT: '0', DATABASE_URL: 'postgres://postgres@127.0.0.1:1/keeb' });
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Cannot connect to the database at DATABASE_URL \(127\.0\.0\.1:1\/keeb\): .*ECONNREFUSED/);
  });

  it('serves, then shuts down gracefully on SIGTERM', async () => {
    let url = '';
    const result = await runServer({ PORT: '0', HOST: '127.0.0.1' }, (stdout, child) => {
      const match = /running at (http:\S+)/.exec(stdout);
      if (match && !url) {
        url = match[1]!;
        void fetch(`${url}api/health`)
          .then((r) => r.json())
          .then((body) => {
            expect(body).toEqual({ ok: true });
            child.kill('SIGTERM');
          });
      }
    });
    expect(url).toMatch(/^http:\/\/localhost:\d+\/$/);
    // No PUBLIC_URL: the start-up says where links will point and which setting changes that.
    expect(result.stdout).toContain('Warning: PUBLIC_URL is not set, so links in mail and payment returns point at http://localhost:');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('"msg":"stopped"');
  });
});
