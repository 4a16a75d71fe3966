/**
 * The baseline every case is compared with: a bare Express 5 app answering "hello" on the same machine, measured by
 * the same load in the same run (these machines' speed varies from hour to hour, so only a side-by-side ratio
 * means anything). Started as its own process, like the API: `tsx bench/hello-world.ts <port>`.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import { freePort } from './server';

const thisFile = fileURLToPath(import.meta.url);

export interface RunningHello {
  baseUrl: string;
  stop(): Promise<void>;
}

export async function startHelloWorld(): Promise<RunningHello> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', thisFile, String(port)], { cwd: path.dirname(thisFile), stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let waited = 0; !(await fetch(`${baseUrl}/`).then((r) => r.ok).catch(() => false)); waited += 100) {
    if (child.exitCode !== null || waited > 30_000) throw new Error('the hello-world baseline did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

if (process.argv[1] === thisFile) {
  const app = express();
  app.get('/', (_req, res) => {
    res.send('hello');
  });
  const server = app.listen(Number(process.argv[2]), '127.0.0.1');
  process.once('SIGTERM', () => server.close(() => process.exit(0)));
}
