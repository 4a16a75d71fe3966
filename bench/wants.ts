/**
 * `npm run bench:wants`: issue 16's want-list targets on the bench's PostgreSQL database, with 1,000,000 listings
 * and 100,000 active wants (bench/wants-fill.ts; both filled once and reused).
 *
 * - matching: a pending listing is approved and the 'want-match' job's work runs in this process, as the queue's
 *   worker runs it (wants service matchListing: find the matching wants, record each match once, queue the run's
 *   'want-alerts' job, in one transaction; the pushes follow its commit). Target p99 <= 50 ms.
 * - alerts: then that 'want-alerts' job, as the worker runs it (the instant owners' mails and the daily owners'
 *   digests queued, in one transaction). Reported alone and added to the match; no target of its own.
 * - push: the built API in its own process, an admin approving listings over HTTP (POST /api/item/{id}/approve)
 *   and 200 want owners with a socket open: the time from the approve request to `wantMatch` arriving on the
 *   socket of every owner the listing matches. Target p99 <= 2 s.
 *
 * Every listing the bench approves is put back in the queue afterwards, its matches and queued jobs removed, so a
 * run leaves the data as it found it.
 *
 *   npm run bench:wants -- [--url postgres://...keeb_bench] [--samples 300] [--push-samples 100]
 */
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@keeb/shared';
import { loadConfig } from '../apps/api/src/config';
import type { Queryable } from '../apps/api/src/db/client';
import { createJobQueue } from '../apps/api/src/platform/jobs/job-queue';
import { createLogger } from '../apps/api/src/platform/logger';
import * as wantMatching from '../apps/api/src/modules/wants/want-matching';
import { createWantsService } from '../apps/api/src/modules/wants/service';
import { machineSpeedMs } from './calibrate';
import { openTarget, targetFor } from './database';
import { fill, itemCount } from './fill';
import { percentile } from './load';
import { BENCH_SESSION_SECRET, sessionCookieFor } from './offers';
import { buildApi, startApi, type RunningApi } from './server';
import { fillWants, wantCount, WANTS } from './wants-fill';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const socketDir = '/var/run/postgresql';
const { values: args } = parseArgs({
  options: {
    url: {
      type: 'string',
      default:
        process.env.BENCH_DATABASE_URL ??
        (existsSync(path.join(socketDir, '.s.PGSQL.5432')) ? `postgres://postgres@localhost/keeb_bench?host=${socketDir}` : 'postgres://postgres@127.0.0.1:5432/keeb_bench'),
    },
    samples: { type: 'string', default: '300' },
    'push-samples': { type: 'string', default: '100' },
    /** Only the in-process matching case. */
    'matching-only': { type: 'boolean', default: false },
  },
});
const log = (line: string) => console.log(line);
const LISTINGS = 1_000_000;
const MATCH_TARGET_MS = 50;
const PUSH_TARGET_MS = 2000;
const WARMUP = 20;
const WATCHERS = 200;
const PUSH_TIMEOUT_MS = 10_000;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Pending listings in random order: what admins approve next. */
async function pendingListings(db: Queryable, n: number): Promise<string[]> {
  return rowsOf<{ id: string }>(
    await db.execute(sql`select id from items where approval_status = 'pending' and removed_at is null and purchaser_id is null order by random() limit ${n}`),
  ).map((r) => r.id);
}

/** Puts approved bench listings back in the queue and removes what approving them left: matches and jobs. */
async function restore(db: Queryable, itemIds: string[], since: Date) {
  if (itemIds.length === 0) return;
  const ids = sql`array[${sql.join(itemIds.map((id) => sql`${id}::uuid`), sql`, `)}]`;
  await db.execute(sql`delete from want_matches where item_id = any(${ids})`);
  await db.execute(sql`update items set approval_status = 'pending' where id = any(${ids})`);
  await db.execute(sql`delete from pgboss.job where name in ('mail', 'want-digest', 'want-alerts', 'want-match', 'seller-listed') and created_on >= ${since.toISOString()}::timestamptz`);
}

const target = targetFor('pg', LISTINGS, args.url!, root);
log(`bench:wants: ${target.url}`);
const handle = await openTarget(target);
const rows: string[] = [];
/** A table row; without a target, the figures are shown for what they tell and the last two cells stay empty. */
const row = (name: string, sorted: number[], targetMs?: number, extra = '') =>
  rows.push(
    `| ${name} | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 95).toFixed(1)} | ${percentile(sorted, 99).toFixed(1)} | ${sorted.length}${extra} | ${
      targetMs === undefined ? '- | -' : `< ${targetMs} | ${percentile(sorted, 99) < targetMs && !extra ? 'yes' : '**no**'}`
    } |`,
  );
const ascending = (list: number[]) => [...list].sort((a, b) => a - b);
const speed = [machineSpeedMs()];
const notes: string[] = [];

try {
  await handle.migrate();
  const listings = await itemCount(handle.db);
  if (listings < LISTINGS) {
    log(`filling ${LISTINGS} listings (found ${listings})...`);
    await fill(handle, LISTINGS, log);
  }
  const wants = await wantCount(handle.db);
  if (wants < WANTS) {
    log(`filling ${WANTS} wants (found ${wants} active)...`);
    await fillWants(handle.db, log);
  }

  // The matching case: the job's work in this process, on its own connection pool, the queue only written to.
  const config = loadConfig({ NODE_ENV: 'production', PORT: '3000', DATABASE_URL: target.url, SESSION_SECRET: BENCH_SESSION_SECRET });
  const jobs = createJobQueue(handle, { logger: createLogger({ logLevel: 'silent', logPretty: false }) });
  await jobs.start();
  const wantsService = createWantsService({ db: handle.db, config, jobs, hub: { toUser: () => {}, notifyCounts: () => {} } });
  const samples = Number(args.samples);
  const ids = await pendingListings(handle.db, samples + WARMUP);
  const since = new Date();
  const times: number[] = [];
  const alertTimes: number[] = [];
  const bothTimes: number[] = [];
  const matchCounts: number[] = [];
  log(`matching: ${ids.length} approvals (${WARMUP} warm-up)`);
  try {
    for (const [i, id] of ids.entries()) {
      // What approve() writes; the job then runs on the committed listing.
      await handle.db.execute(sql`update items set approval_status = 'approved', time_listed = now() where id = ${id}::uuid`);
      const started = performance.now();
      const matches = await wantsService.matchListing(id);
      const ms = performance.now() - started;
      // The run's alerts job as the worker would take it from the queue (not timed), then run.
      const [queued] = rowsOf<{ data: { itemId: string; matchedAt: string } }>(
        await handle.db.execute(sql`select data from pgboss.job where name = 'want-alerts' and data->>'itemId' = ${id} and created_on >= ${since.toISOString()}::timestamptz`),
      );
      const alertsStarted = performance.now();
      if (queued) await wantsService.alertsJob(queued.data);
      const alertsMs = performance.now() - alertsStarted;
      if (i >= WARMUP) {
        times.push(ms);
        matchCounts.push(matches.length);
        if (queued) alertTimes.push(alertsMs);
        bothTimes.push(ms + (queued ? alertsMs : 0));
      }
    }
  } finally {
    await restore(handle.db, ids, since);
    await jobs.stop();
  }
  const sortedCounts = ascending(matchCounts);
  const extra = ` (matches per approval: median ${percentile(sortedCounts, 50)}, max ${sortedCounts.at(-1)}, ${matchCounts.filter((n) => n > 0).length} of ${matchCounts.length} with any)`;
  row('matching: one approval matched, its matches recorded and its alerts job queued', ascending(times), MATCH_TARGET_MS);
  row("alerts job: that run's mails and digest jobs queued", ascending(alertTimes));
  row('both, one after the other', ascending(bothTimes));
  notes.push(`Matching${extra}.`);

  if (!args['matching-only']) await pushCase();
} finally {
  await handle.close();
}

type BenchSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

function openSocket(api: RunningApi, cookie: string): Promise<BenchSocket> {
  const socket: BenchSocket = connect(api.baseUrl, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie, origin: api.baseUrl }, reconnection: false });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => reject(new Error(`socket refused: ${error.message}`)));
  });
}

async function pushCase() {
  const db = handle.db;
  // Owners with a tab open, and the listings that match at least one of their wants: found by the job's own
  // query on each listing approved inside a transaction that is rolled back.
  const watchers = rowsOf<{ id: string }>(
    await db.execute(sql`select id from users where email like 'wantbuyer%@example.test' order by id limit ${WATCHERS}`),
  ).map((r) => r.id);
  const watching = new Set(watchers);
  const wanted = new Map<string, Set<string>>();
  const candidates = await pendingListings(db, 4000);
  for (const id of candidates) {
    if (wanted.size === Number(args['push-samples'])) break;
    const owners = await db
      .transaction(async (tx) => {
        await tx.execute(sql`update items set approval_status = 'approved', time_listed = now() where id = ${id}::uuid`);
        const { matches } = await wantMatching.matchListing(tx, id);
        throw Object.assign(new Error('rollback'), { owners: new Set(matches.map((m) => m.userId).filter((u) => watching.has(u))) });
      })
      .catch((e: { owners?: Set<string> }) => e.owners ?? new Set<string>());
    if (owners.size > 0) wanted.set(id, owners);
  }
  log(`push: ${wanted.size} approvals, each matching 1+ of ${WATCHERS} owners with a socket open`);

  const admin = rowsOf<{ id: string }>(await db.execute(sql`select id from users where email not like 'wantbuyer%' order by id limit 1`))[0]!.id;
  await db.execute(sql`update users set is_admin = true where id = ${admin}::uuid`);
  await db.execute(sql`delete from sessions where sid like 'bench-%'`);
  const adminCookie = await sessionCookieFor(db, admin, { keepOthers: true });
  const cookies = new Map<string, string>();
  for (const w of watchers) cookies.set(w, await sessionCookieFor(db, w, { keepOthers: true }));

  buildApi(root);
  const api = await startApi(root, target);
  const since = new Date();
  const approved: string[] = [];
  const latencies: number[] = [];
  let missed = 0;
  const sockets = new Map<string, BenchSocket>();
  try {
    for (const w of watchers) sockets.set(w, await openSocket(api, cookies.get(w)!));
    const first = await fetch(`${api.baseUrl}/api/me/notifications`, { headers: { cookie: adminCookie } });
    const xsrf = /XSRF-TOKEN=([^;]*)/.exec(first.headers.getSetCookie().join('; '))?.[1] ?? '';
    const arrivals = new Map<string, (userId: string) => void>();
    for (const [userId, socket] of sockets) socket.on('wantMatch', (m) => arrivals.get(m.item._id)?.(userId));
    for (const [itemId, owners] of wanted) {
      const waiting = new Set(owners);
      const started = performance.now();
      const done = new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          missed += waiting.size;
          resolve();
        }, PUSH_TIMEOUT_MS);
        arrivals.set(itemId, (userId) => {
          if (!waiting.delete(userId)) return;
          latencies.push(performance.now() - started);
          if (waiting.size === 0) {
            clearTimeout(timer);
            resolve();
          }
        });
      });
      const response = await fetch(`${api.baseUrl}/api/item/${itemId}/approve`, {
        method: 'POST',
        headers: { cookie: `${adminCookie}; XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': decodeURIComponent(xsrf), 'content-type': 'application/json' },
        body: '{}',
      });
      if (response.status !== 200) throw new Error(`approve answered ${response.status}: ${await response.text()}`);
      approved.push(itemId);
      await done;
      arrivals.delete(itemId);
      // Admins approve one listing after another, not all at once.
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    for (const socket of sockets.values()) socket.disconnect();
    await api.stop();
    await restore(db, approved, since);
    await db.execute(sql`update users set is_admin = false where id = ${admin}::uuid`);
  }
  row('push: approve request to wantMatch on the owner\'s socket', ascending(latencies), PUSH_TARGET_MS, missed ? ` (${missed} not delivered within ${PUSH_TIMEOUT_MS / 1000} s)` : '');
  notes.push(`Push: ${wanted.size} approvals, ${latencies.length + missed} deliveries expected.`);
}

speed.push(machineSpeedMs());
log(`\n## Want-lists, PostgreSQL, ${LISTINGS.toLocaleString('en-US')} listings, ${WANTS.toLocaleString('en-US')} active wants\n`);
log(`${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`);
log(`Machine speed: a fixed JavaScript loop took ${Math.round(speed[0]!)} ms before and ${Math.round(speed[1]!)} ms after (lower is faster).\n`);
log('| case | p50 ms | p95 ms | p99 ms | samples | p99 target | met |');
log('|---|---:|---:|---:|---:|---:|---|');
for (const r of rows) log(r);
log('');
for (const n of notes) log(n);
