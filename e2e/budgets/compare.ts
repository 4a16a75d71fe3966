// Two builds' Lighthouse scores side by side, runs alternating, for a change's before and after on a noisy machine
// (issue 37, second pass: the benchmark index swung 5x within one page's runs, so runs of one build an hour apart
// compare the machine's load, not the builds).
//
//   npx tsx e2e/budgets/compare.ts <before root> <after root> [runs=5] [pages=item,sell]
//
// A root is a directory holding apps/api/dist/server.js and apps/web/dist (a copy of a build), with links to the
// worktree's apps/api/{drizzle,src,package.json} (migrations, demo photos); inside the worktree (e.g. .tools/lh-before,
// ignored by git) so the server finds node_modules. The server finds its web build from its own file. Each server gets its own data dir and
// demo content; page i of build A runs, then page i of build B, and so on. LIGHTHOUSE_REPORT_DIR keeps every report.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { freePort } from '../../scripts/free-port.mjs';
import { CHROMIUM_FLAGS, PHONE } from '../browser';
import { median, runLighthouse, type LighthouseScores } from './lighthouse';

const [rootA, rootB, runsArg, pagesArg] = process.argv.slice(2);
if (!rootA || !rootB) throw new Error('usage: compare.ts <before root> <after root> [runs] [pages]');
const RUNS = Number(runsArg ?? 5);
const PAGES = (pagesArg ?? 'item,sell').split(',');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

interface Server { baseUrl: string; alive(): boolean; stop(): Promise<void> }

/** A server killed while starting (SIGTERM from outside, seen on the shared machine) is started again, twice at most. */
async function start(root: string, attempts = 3): Promise<Server> {
  try {
    return await startOnce(root);
  } catch (error) {
    if (attempts <= 1) throw error;
    console.log(String(error).split('\n')[0], '- starting it again');
    return start(root, attempts - 1);
  }
}

async function startOnce(root: string): Promise<Server> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'keeb-compare-'));
  const port = (await freePort()) as number;
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_PRETTY: '0', LOG_LEVEL: 'warn', NODE_ENV: 'production', PUBLIC_URL: `http://127.0.0.1:${port}` },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const exited = (code: number | null, signal: string | null) => reject(new Error(`server ${root} exited (${code ?? signal}):\n${output}`));
    child.on('exit', exited);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (!/running at http/.test(output)) return;
      child.off('exit', exited);
      resolve();
    });
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    alive: () => child.exitCode === null && child.signalCode === null,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The budget pages' paths and the seller's cookie on one server (as pages.ts finds them). Not pages.ts's
 * `budgetPages` nor session.ts's `signedIn`: this tool runs under tsx, outside vitest, and both use vitest's
 * `expect`, which throws outside a test run.
 */
async function pagesOf(baseUrl: string): Promise<Record<string, { path: string; cookie?: string }>> {
  const items = (await (await fetch(`${baseUrl}/api/items`)).json()) as { _id: string }[];
  const browser = await chromium.launch({ executablePath: chromePath, headless: true, args: [...CHROMIUM_FLAGS] });
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Username or email').fill('demo_cherry');
  await page.getByLabel('Password', { exact: true }).fill('demo-password');
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  const cookie = (await context.cookies(baseUrl)).map((c) => `${c.name}=${c.value}`).join('; ');
  await browser.close();
  return {
    feed: { path: '/' },
    item: { path: `/detail/${items[0]!._id}` },
    sell: { path: '/sell', cookie },
    profile: { path: '/u/demo_cherry' },
  };
}

const roots = [rootA, rootB];
const servers = [await start(rootA), await start(rootB)];
const pages = await Promise.all(servers.map((server) => pagesOf(server.baseUrl)));
/** A server that died under the run (seen once on the shared machine, killed from outside) is started again. */
async function ensureAlive(side: number) {
  if (servers[side]!.alive()) return;
  console.log(`server ${roots[side]} was gone: started again`);
  await servers[side]!.stop();
  servers[side] = await start(roots[side]!);
  pages[side] = await pagesOf(servers[side]!.baseUrl);
}
try {
  for (const name of PAGES) {
    const runs: LighthouseScores[][] = [[], []];
    for (let i = 0; i < RUNS; i++) {
      for (const side of [0, 1]) {
        await ensureAlive(side);
        const target = pages[side]![name]!;
        runs[side]!.push(await runLighthouse(`${servers[side]!.baseUrl}${target.path}`, { chromePath, calibrateCpu: true, ...(target.cookie ? { cookie: target.cookie } : {}) }));
      }
    }
    for (const side of [0, 1]) {
      const r = runs[side]!;
      const m = (pick: (run: LighthouseScores) => number) => Math.round(median(r.map(pick)));
      console.log(
        `${name} ${side ? 'after ' : 'before'}: performance ${m((x) => x.performance)} (runs ${r.map((x) => x.performance).join(', ')}); ` +
          `FCP ${m((x) => x.metrics.fcp)}, LCP ${m((x) => x.metrics.lcp)}, TBT ${m((x) => x.metrics.tbt)}, CLS ${median(r.map((x) => x.metrics.cls)).toFixed(3)}, SI ${m((x) => x.metrics.si)}; ` +
          `index ${r.map((x) => Math.round(x.benchmarkIndex)).join('/')}`,
      );
    }
  }
} finally {
  await Promise.all(servers.map((server) => server.stop()));
}
