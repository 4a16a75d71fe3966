/**
 * `npm run bench:paired -- --base <checkout>`: this build and another (a checkout of an earlier commit, its API
 * built) side by side on the PostgreSQL bench database, case by case, the two alternated in short phases (A B,
 * then B A) so that the machine's drift within minutes hits both. Besides requests/s and p99 it reports the CPU
 * time each request cost the API process and the PostgreSQL server (from /proc), which the shared two cores
 * disturb far less than latency.
 *
 *   npm run bench:paired -- --base /tmp/keeb-old [--head /tmp/keeb-new] [--rounds 3] [--seconds 4] [--only deep] [--connections 10]
 *                           [--env FIRST_PAGE_CACHE_MS=0] [--url ...]
 *
 * Fill the database first with `npm run bench -- --plans-only`. The first-page cache is off in both builds
 * unless --env says otherwise, so the first page measures the query path (the earlier build had no cache).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { machineSpeedMs } from './calibrate';
import { buildCases, type BenchCase } from './cases';
import { openTarget, targetFor } from './database';
import { measure, percentile, type LoadTarget } from './load';
import { ensureOffers } from './offers';
import { ensureOrders } from './orders';
import { buildApi, startApi, type RunningApi } from './server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    base: { type: 'string' },
    /** The other side: this checkout unless given (then neither is built: build both first). */
    head: { type: 'string' },
    url: { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@localhost/keeb_bench?host=/var/run/postgresql' },
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '4' },
    connections: { type: 'string', default: '10' },
    only: { type: 'string' },
    env: { type: 'string', multiple: true, default: [] },
    'no-build': { type: 'boolean', default: false },
  },
});
if (!args.base) throw new Error('--base <checkout of the other build, with apps/api/dist built> is required');
const baseRoot = path.resolve(args.base);
const headRoot = args.head ? path.resolve(args.head) : root;
const rounds = Number(args.rounds);
const seconds = Number(args.seconds);
const connections = Number(args.connections);
const extraEnv: NodeJS.ProcessEnv = { FIRST_PAGE_CACHE_MS: '0' };
for (const pair of args.env) {
  const eq = pair.indexOf('=');
  extraEnv[pair.slice(0, eq)] = pair.slice(eq + 1);
}

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** CPU time (user + system, ms) of one process. */
function cpuOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** CPU time of every PostgreSQL server process, by pid (backends come and go: compared pid by pid). */
function postgresCpu(): Map<number, number> {
  const found = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== 'postgres') continue;
      found.set(Number(entry), cpuOf(Number(entry)));
    } catch {
      // exited while we read
    }
  }
  return found;
}

const postgresDelta = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);

interface Sample {
  rps: number;
  p99: number;
  apiCpuMs: number;
  pgCpuMs: number;
}

async function sample(api: RunningApi, bench: BenchCase): Promise<Sample> {
  const target: LoadTarget = bench.paths ? { origin: api.baseUrl, paths: bench.paths } : api.baseUrl + bench.path;
  const apiBefore = cpuOf(api.pid);
  const pgBefore = postgresCpu();
  const load = await measure(target, { connections, warmupSeconds: 0, seconds, cookie: bench.cookie, acceptEncoding: bench.acceptEncoding });
  const apiCpu = cpuOf(api.pid) - apiBefore;
  const pgCpu = postgresDelta(pgBefore, postgresCpu());
  // The load's first request (its cookie check) is in the CPU time too.
  const requests = load.latencies.length + load.errors + 1;
  if (load.errors > 0) console.error(`  ${bench.name}: ${load.errors} errors`);
  return {
    rps: load.latencies.length / load.seconds,
    p99: percentile([...load.latencies].sort((a, b) => a - b), 99),
    apiCpuMs: apiCpu / requests,
    pgCpuMs: pgCpu / requests,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const range = (values: number[], digits: number) => `${Math.min(...values).toFixed(digits)}-${Math.max(...values).toFixed(digits)}`;

const target = targetFor('pg', 1000, args.url!, root);
const handle = await openTarget(target);
let cases: BenchCase[];
try {
  await ensureOffers(handle.db, console.log);
  await ensureOrders(handle.db, console.log);
  // --only: one or more name parts, comma-separated.
  cases = (await buildCases(handle.db)).filter((c) => !args.only || args.only.split(',').some((part) => c.name.includes(part)));
} finally {
  await handle.close();
}

if (!args['no-build'] && !args.head) buildApi(root);
const speedBefore = machineSpeedMs();
const builds = { head: await startApi(headRoot, target, extraEnv), base: await startApi(baseRoot, target, extraEnv) };
const results = new Map<string, { head: Sample[]; base: Sample[] }>();
try {
  console.log(`warming up: each case 2 s on each build`);
  for (const bench of cases) for (const api of Object.values(builds)) await measure(bench.paths ? { origin: api.baseUrl, paths: bench.paths } : api.baseUrl + bench.path, { connections, warmupSeconds: 0, seconds: 2, cookie: bench.cookie, acceptEncoding: bench.acceptEncoding });
  for (const bench of cases) {
    const samples = { head: [] as Sample[], base: [] as Sample[] };
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? (['base', 'head'] as const) : (['head', 'base'] as const);
      for (const which of order) samples[which].push(await sample(builds[which], bench));
    }
    results.set(bench.name, samples);
    const line = (which: 'head' | 'base') => {
      const s = samples[which];
      return `${which} ${Math.round(median(s.map((x) => x.rps)))} req/s, p99 ${median(s.map((x) => x.p99)).toFixed(1)} ms, API ${median(s.map((x) => x.apiCpuMs)).toFixed(3)} ms CPU/req, PostgreSQL ${median(s.map((x) => x.pgCpuMs)).toFixed(3)}`;
    };
    console.log(`  ${bench.name}: ${line('base')} | ${line('head')}`);
  }
} finally {
  await Promise.all(Object.values(builds).map((api) => api.stop()));
}
const speedAfter = machineSpeedMs();

console.log(`\nbase: ${baseRoot}; head: ${headRoot}; ${rounds} rounds of ${seconds} s per build and case, alternated; ${connections} connections; env ${JSON.stringify(extraEnv)}`);
console.log(`Machine speed: a fixed JavaScript loop took ${Math.round(speedBefore)} ms before and ${Math.round(speedAfter)} ms after (lower is faster; bench/calibrate.ts).\n`);
console.log('| case | base req/s | head req/s | base p99 ms | head p99 ms | base API CPU ms/req | head API CPU ms/req | base PG CPU ms/req | head PG CPU ms/req |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const [name, { head, base }] of results) {
  const col = (s: Sample[], key: keyof Sample, digits: number) => `${median(s.map((x) => x[key])).toFixed(digits)} (${range(s.map((x) => x[key]), digits)})`;
  console.log(
    `| ${name} | ${col(base, 'rps', 0)} | ${col(head, 'rps', 0)} | ${col(base, 'p99', 1)} | ${col(head, 'p99', 1)} | ${col(base, 'apiCpuMs', 3)} | ${col(head, 'apiCpuMs', 3)} | ${col(base, 'pgCpuMs', 3)} | ${col(head, 'pgCpuMs', 3)} |`,
  );
}
