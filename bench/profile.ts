/**
 * `npm run bench:profile`: where an API request's CPU time goes (issue 37). Starts the built API with
 * `node --cpu-prof` on the bench database (already filled by `npm run bench`), loads each chosen case for a while,
 * stops the API (which writes the V8 profile), and prints, per request: the API's CPU time, the heaviest functions
 * by self time, and the self time per package (node_modules) or source area. One API process per case, so each
 * profile holds that case alone.
 *
 *   npm run bench:profile -- --only 'two specs, signed in|two specs (keyboards' [--seconds 10] [--top 25] [--n 1000000]
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildCases } from './cases';
import { openTarget, targetFor } from './database';
import { measure } from './load';
import { summariseProfile, type CpuProfile } from './profile-summary';
import { buildApi, startApi } from './server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    n: { type: 'string', default: '1000000' },
    url: { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@localhost/keeb_bench?host=/var/run/postgresql' },
    only: { type: 'string' },
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10' },
    top: { type: 'string', default: '25' },
  },
});
if (!args.only) throw new Error("--only '<case name part>|...' picks the cases to profile");

const target = targetFor('pg', Number(args.n), args.url!, root);
const handle = await openTarget(target);
const only = args.only.split('|').map((s) => s.trim()).filter(Boolean);
const cases = await (async () => {
  try {
    return (await buildCases(handle.db)).filter((c) => only.some((s) => c.name.includes(s)));
  } finally {
    await handle.close();
  }
})();
if (cases.length === 0) throw new Error(`no case matches ${args.only}`);

buildApi(root);
const load = { connections: Number(args.connections), seconds: Number(args.seconds) };
for (const bench of cases) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'keeb-cpu-prof-'));
  const api = await startApi(root, target, bench.uncachedApi ? { FIRST_PAGE_CACHE_MS: '0' } : {}, ['--cpu-prof', `--cpu-prof-dir=${dir}`]);
  const loadTarget = bench.paths ? { origin: api.baseUrl, paths: bench.paths } : api.baseUrl + bench.path;
  const options = { cookie: bench.cookie, acceptEncoding: bench.acceptEncoding, expectStatus: bench.expectStatus };
  let requests = 0;
  let window: { fromUs: number; toUs: number } | undefined;
  try {
    // Unrecorded warm-up (V8 compiles the paths), then the measured load; only its window is summarised.
    await measure(loadTarget, { ...load, warmupSeconds: 0, seconds: Number(args.warmup), ...options });
    const fromUs = Number(process.hrtime.bigint() / 1000n);
    const result = await measure(loadTarget, { ...load, warmupSeconds: 0, ...options });
    window = { fromUs, toUs: Number(process.hrtime.bigint() / 1000n) };
    requests = result.latencies.length;
  } finally {
    await api.stop();
  }
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error(`the API wrote no profile into ${dir}`);
  const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CpuProfile;
  console.log(`\n## ${bench.name}\n\nprofile: ${path.join(dir, file)}`);
  // The bench's monotonic clock and V8's profile clock are the same (CLOCK_MONOTONIC), so the window cuts the
  // profile to the measured load.
  console.log(summariseProfile(profile, { requests, top: Number(args.top), root, window }));
}
