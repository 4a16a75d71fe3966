/**
 * `npm run bench:cluster`: issue 27's cluster bench. Everything it runs is its own and on this machine: a
 * PostgreSQL primary with a streaming standby (Debian's PostgreSQL tools, apps/api/src/test/replica-cluster.ts),
 * Redis (REDIS_URL, default 127.0.0.1:6379), an S3-protocol bucket (s3rver), HAProxy and the built API
 * (scripts/cluster/cluster.mjs).
 *
 * The same mixed load (cluster-load.ts: feed and search pages, item pages, photo reads, signed-in comments, saves,
 * offers and listings; cluster-chat.ts: chat pairs over sockets) runs twice through HAProxy: on one API process,
 * then on three, where one process is killed (SIGKILL) a third of the way in and started again, and another is
 * stopped (SIGTERM) at two thirds. Printed beside each other: requests per second, p50/p99, failed requests (and
 * which were in flight on the killed process), acknowledged writes missing from the database afterwards, chat
 * messages lost, the p99 time for a dropped socket to reconnect and catch up, and photo reads that failed.
 *
 *   npm run bench:cluster -- [--seconds 45] [--workers 12] [--redis redis://127.0.0.1:6379]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startReplicaCluster } from '../apps/api/src/test/replica-cluster';
import { taggedHaproxyConfig } from '../e2e/served-by';
import { findHaproxy, freePort, root, startCluster, type Cluster } from '../scripts/cluster/cluster.mjs';
import { machineSpeedMs } from './calibrate';
import { runChat, type ChatRun } from './cluster-chat';
import { lostWrites, type Lost } from './cluster-check';
import { CHAT_PAIRS, makeWorld, type World } from './cluster-data';
import { runLoad, type LoadRun, type Sample } from './cluster-load';
import { startS3StandIn } from './s3-stand-in';
import { percentile } from './load';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '45' },
    warmup: { type: 'string', default: '5' },
    workers: { type: 'string', default: '12' },
    redis: { type: 'string', default: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
  },
});
const seconds = Number(args.seconds);
const warmup = Number(args.warmup);
const workers = Number(args.workers);
const log = (line: string) => console.log(line);
const SECRET = 'cluster-bench-session-secret-not-for-production-0000';
const DATABASE = 'keeb_cluster_bench';
const BUCKET = 'keeb-cluster-bench';

interface Chaos {
  killedAt?: number;
  /** When HAProxy's health checks had the killed process DOWN: until then it could still send it requests. */
  downAt?: number;
  restartedAt?: number;
  stoppedAt?: number;
  stoppedExit?: string;
}

interface Phase {
  name: string;
  load: LoadRun;
  chat: ChatRun;
  lost: Lost;
  chaos: Chaos;
  /** Scans of the listings table on the standby during the run: the public reads it served. */
  replicaScans: number;
}

if (!findHaproxy()) throw new Error('bench:cluster needs haproxy (apt-get install haproxy)');
const withDatabase = (url: string, name: string) => url.replace(/\/[^/?]*(\?|$)/, `/${name}$1`);

/**
 * Scans of the listings table the standby ran: the public reads it served (the replicas' health probes touch no
 * table, so they are not counted, unlike in the database's transaction count).
 */
async function standbyListingScans(standbyUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: standbyUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(`select (coalesce(seq_scan, 0) + coalesce(idx_scan, 0))::text as n from pg_stat_user_tables where relname = 'items'`);
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

log(`bench:cluster: ${seconds} s of load per setup after ${warmup} s of warm-up, ${workers} HTTP workers, Redis ${args.redis}`);
const speed = [machineSpeedMs()];
const replica = await startReplicaCluster();
const s3 = await startS3StandIn(BUCKET, await freePort());
const work = await mkdtemp(path.join(os.tmpdir(), 'keeb-cluster-bench-'));
const phases: Phase[] = [];
try {
  const admin = new pg.Client({ connectionString: replica.primaryUrl });
  await admin.connect();
  await admin.query(`create database ${DATABASE}`);
  await admin.end();
  await replica.caughtUp();
  const databaseUrl = withDatabase(replica.primaryUrl, DATABASE);
  const standbyUrl = withDatabase(replica.standbyUrl, DATABASE);
  const env = {
    DATABASE_URL: databaseUrl,
    DATABASE_REPLICA_URLS: standbyUrl,
    REDIS_URL: args.redis!,
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    SESSION_SECRET: SECRET,
    // The writers list a few times each over both runs; the daily limit is not what is measured.
    LISTINGS_PER_DAY: '1000',
    PHONE_VERIFICATION: 'off',
    LOG_LEVEL: 'warn',
  };
  const haproxyConfig = await taggedHaproxyConfig(root, work);
  let world: World | undefined;
  const offered = new Set<string>();

  for (const [name, processes] of [
    ['1 process', 1],
    [`3 processes, one killed (SIGKILL) and restarted, one stopped (SIGTERM)`, 3],
  ] as const) {
    log(`\n${name}: starting`);
    const cluster: Cluster = await startCluster({ processes, env, haproxyConfig });
    try {
      if (!world) {
        world = await makeWorld({ databaseUrl, front: cluster.url, secret: SECRET, s3: { endpoint: s3.endpoint, bucket: BUCKET } });
        log(`  world: ${world.listings.length} listings, ${world.writers.length} writers, ${world.pairs.length} chat pairs`);
        await replica.caughtUp();
      }
      const tag = processes === 1 ? 'one' : 'three';
      await runLoad(cluster.url, world, { workers, seconds: warmup, tag: `${tag}-warm`, offered });
      const before = await standbyListingScans(standbyUrl);
      const chaos: Chaos = {};
      const t0 = performance.now();
      const chaosDone =
        processes === 1
          ? Promise.resolve()
          : (async () => {
              await new Promise((r) => setTimeout(r, seconds * 300));
              chaos.killedAt = performance.now();
              log(`  SIGKILL api1 at ${((chaos.killedAt - t0) / 1000).toFixed(1)} s`);
              await cluster.kill(0);
              await cluster.waitForState(0, 'DOWN', 10_000);
              chaos.downAt = performance.now();
              log(`  HAProxy had api1 DOWN ${((chaos.downAt - chaos.killedAt) / 1000).toFixed(2)} s after the kill`);
              await new Promise((r) => setTimeout(r, 2000));
              await cluster.start(0);
              chaos.restartedAt = performance.now();
              log(`  api1 up again at ${((chaos.restartedAt - t0) / 1000).toFixed(1)} s`);
              await new Promise((r) => setTimeout(r, Math.max(0, t0 + seconds * 600 - performance.now())));
              chaos.stoppedAt = performance.now();
              log(`  SIGTERM api2 at ${((chaos.stoppedAt - t0) / 1000).toFixed(1)} s`);
              const exit = await cluster.stop(1);
              chaos.stoppedExit = exit.signal ?? String(exit.code);
              log(`  api2 exited (${chaos.stoppedExit}) at ${((performance.now() - t0) / 1000).toFixed(1)} s`);
            })();
      const [load, chat] = await Promise.all([
        runLoad(cluster.url, world, { workers, seconds, tag, offered }),
        runChat(cluster.url, world.pairs, { seconds, tag }),
        chaosDone,
      ]);
      const replicaScans = (await standbyListingScans(standbyUrl)) - before;
      const lost = await lostWrites(databaseUrl, load.writes, chat);
      phases.push({ name, load, chat, lost, chaos, replicaScans });
      log(`  ${load.samples.length} requests, ${lost.acknowledged} acknowledged writes (${lost.lost} lost), ${chat.acked.length} chat messages (${chat.lost.length} lost)`);
    } finally {
      await cluster.stopAll();
    }
  }
} finally {
  await s3.stop();
  await replica.destroy();
  await rm(work, { recursive: true, force: true });
}
speed.push(machineSpeedMs());

const failed = (s: Sample) => s.status === 0 || s.status >= 500;
/**
 * A failed request that was in flight on the killed process: no process answered it (or HAProxy answered naming
 * the killed one), it ended after the kill, and it was sent before HAProxy's health checks had the process DOWN. In
 * that window HAProxy may still hand a request to the dead process over a kept-alive connection, and it does not
 * replay a write whose fate it cannot know (deploy/haproxy.cfg: only conn-failure is retried for writes).
 */
const inFlightAtKill = (s: Sample, chaos: Chaos) =>
  chaos.killedAt !== undefined &&
  s.at <= (chaos.downAt ?? chaos.killedAt) &&
  s.at + s.ms >= chaos.killedAt &&
  (s.server === undefined || s.server === 'api1');
const ms = (v: number) => (Number.isNaN(v) ? '-' : v.toFixed(1));
/** A failed request for the report: its kind and answer, and when it was sent and ended relative to the kill and the stop. */
const describe = (f: Sample, p: Phase) => {
  const rel = (t: number | undefined) => (t === undefined ? undefined : Number(((f.at - t) / 1000).toFixed(2)));
  return { op: f.op, status: f.status, server: f.server, error: f.error, ms: Math.round(f.ms), sentAfterKillS: rel(p.chaos.killedAt), sentAfterStopS: rel(p.chaos.stoppedAt) };
};

const rows: string[][] = [
  ['requests per second'],
  ['p50 ms'],
  ['p99 ms'],
  ['failed requests (in flight on the killed process)'],
  ['killed process DOWN in HAProxy after (s)'],
  ['refused requests (4xx)'],
  ['acknowledged writes (lost)'],
  ['chat messages acknowledged (lost)'],
  ['dropped sockets: reconnect + catch-up p99 ms (drops)'],
  ['photo reads (failed; answered by HAProxy\'s cache)'],
  ['public reads on the replica (scans of the listings table on the standby)'],
];
const summary = phases.map((p) => {
  const done = p.load.samples.filter((s) => !failed(s));
  const sorted = done.map((s) => s.ms).sort((a, b) => a - b);
  const failures = p.load.samples.filter(failed);
  const inFlight = failures.filter((s) => inFlightAtKill(s, p.chaos));
  const refused = p.load.samples.filter((s) => s.status >= 400 && s.status < 500);
  const photos = p.load.samples.filter((s) => s.op === 'photo');
  const catchUps = [...p.chat.catchUps].sort((a, b) => a - b);
  return {
    name: p.name,
    rps: p.load.samples.length / p.load.seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    failed: failures.length,
    failedInFlight: inFlight.length,
    detectS: p.chaos.downAt !== undefined && p.chaos.killedAt !== undefined ? (p.chaos.downAt - p.chaos.killedAt) / 1000 : undefined,
    inFlight: inFlight.map((f) => describe(f, p)),
    failedOther: failures.filter((s) => !inFlightAtKill(s, p.chaos)).map((f) => describe(f, p)),
    refused: refused.length,
    refusedByStatus: Object.fromEntries([...new Set(refused.map((s) => `${s.op} ${s.status}`))].map((k) => [k, refused.filter((s) => `${s.op} ${s.status}` === k).length])),
    writes: p.lost,
    chat: { acked: p.chat.acked.length, lost: p.chat.lost.length, unacknowledged: p.chat.unacknowledged, stillDown: p.chat.stillDown, refetchErrors: p.chat.refetchErrors },
    catchUpP99: percentile(catchUps, 99),
    drops: catchUps.length,
    photos: photos.length,
    photoFailures: photos.filter((s) => s.status !== 200).length,
    photoFailuresOther: photos.filter((s) => s.status !== 200 && !inFlightAtKill(s, p.chaos)).length,
    photoFromCache: photos.filter((s) => s.server === 'cache').length,
    replicaScans: p.replicaScans,
    byOp: Object.fromEntries(
      (['feed', 'search', 'item', 'photo', 'comment', 'save', 'offer', 'upload', 'listing'] as const).map((op) => {
        const opSorted = done.filter((s) => s.op === op).map((s) => s.ms).sort((a, b) => a - b);
        return [op, { requests: opSorted.length, p50: percentile(opSorted, 50), p99: percentile(opSorted, 99) }];
      }),
    ),
  };
});
for (const s of summary) {
  rows[0]!.push(String(Math.round(s.rps)));
  rows[1]!.push(ms(s.p50));
  rows[2]!.push(ms(s.p99));
  rows[3]!.push(`${s.failed} (${s.failedInFlight})`);
  rows[4]!.push(s.detectS === undefined ? '-' : s.detectS.toFixed(2));
  rows[5]!.push(String(s.refused));
  rows[6]!.push(`${s.writes.acknowledged} (${s.writes.lost})`);
  rows[7]!.push(`${s.chat.acked} (${s.chat.lost})`);
  rows[8]!.push(s.drops ? `${ms(s.catchUpP99)} (${s.drops})` : '- (0)');
  rows[9]!.push(`${s.photos} (${s.photoFailures}; ${s.photoFromCache})`);
  rows[10]!.push(String(s.replicaScans));
}
const machine = `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}`;
log(`\n## Cluster bench: ${seconds} s of mixed load per setup (${workers} HTTP workers, ${CHAT_PAIRS} chat pairs over sockets), through HAProxy\n`);
log(machine);
log(`Machine speed: a fixed JavaScript loop took ${Math.round(speed[0]!)} ms before and ${Math.round(speed[1]!)} ms after (lower is faster).\n`);
log(`| | ${summary.map((s) => s.name).join(' | ')} |`);
log(`|---|${summary.map(() => '---:').join('|')}|`);
for (const row of rows) log(`| ${row.join(' | ')} |`);
log('\nPer request kind (p50 / p99 ms, requests):\n');
log(`| kind | ${summary.map((s) => s.name).join(' | ')} |`);
log(`|---|${summary.map(() => '---:').join('|')}|`);
for (const op of Object.keys(summary[0]?.byOp ?? {})) {
  log(`| ${op} | ${summary.map((s) => { const o = s.byOp[op]!; return `${ms(o.p50)} / ${ms(o.p99)} (${o.requests})`; }).join(' | ')} |`);
}
for (const s of summary) {
  if (s.refused) log(`\n${s.name}: refused ${JSON.stringify(s.refusedByStatus)}`);
  if (s.chat.unacknowledged || s.chat.stillDown) log(`${s.name}: ${s.chat.unacknowledged} chat messages never acknowledged, ${s.chat.stillDown} sockets still down at the end`);
  if (s.inFlight.length) log(`${s.name}: in flight on the killed process: ${JSON.stringify(s.inFlight)}`);
  if (s.failedOther.length) log(`${s.name}: failures not in flight on the killed process: ${JSON.stringify(s.failedOther.slice(0, 10))}`);
  if (s.chat.refetchErrors.length) log(`${s.name}: ${s.chat.refetchErrors.length} history refetches failed and were tried again: ${JSON.stringify([...new Set(s.chat.refetchErrors)])}`);
}
const outDir = path.join(root, 'data', 'bench');
mkdirSync(outDir, { recursive: true });
writeFileSync(path.join(outDir, 'results-cluster.json'), JSON.stringify({ seconds, warmup, workers, machine, machineSpeedMs: speed, at: new Date().toISOString(), summary }, null, 2));

const bad = summary.filter((s) => s.writes.lost > 0 || s.chat.lost > 0 || s.failedOther.length > 0 || s.photoFailuresOther > 0);
if (bad.length > 0) {
  console.error(`\nFAILED: ${bad.map((s) => s.name).join('; ')}: writes or chat messages lost, photos failed, or requests failed that were not in flight on the killed process`);
  process.exit(1);
}
