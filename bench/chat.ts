/**
 * `npm run bench:chat`: issue 14's targets, on the bench's PostgreSQL database with Redis.
 *
 * - history: `POST /api/message/{id}` (a page of 15) signed in as a participant, 10 connections, with at least
 *   1,000,000 messages stored (about 10,000 conversations of 101 messages, filled once). Target p99 <= 15 ms.
 * - delivery: 200 pairs of users chatting, the two users of each pair on two different API processes that share
 *   the database and Redis (socket.io's Redis streams adapter): the time from a `sendMessage` leaving one user's
 *   socket to `msg` arriving on the other's. Each user sends a message every ~2.5 s (under the 30 a minute limit),
 *   about 160 messages a second in all. Target p99 <= 50 ms.
 *
 *   npm run bench:chat -- [--url postgres://...keeb_bench] [--redis redis://127.0.0.1:6379] [--seconds 10]
 */
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@keeb/shared';
import type { Queryable } from '../apps/api/src/db/client';
import { machineSpeedMs } from './calibrate';
import { openTarget, targetFor } from './database';
import { measure, percentile } from './load';
import { sessionCookieFor } from './offers';
import { buildApi, startApi, type RunningApi } from './server';

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
    redis: { type: 'string', default: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10' },
    /** Write a V8 CPU profile of the first API process into this folder (node --cpu-prof). */
    'cpu-prof': { type: 'string' },
    /** Only the delivery case. */
    'delivery-only': { type: 'boolean', default: false },
    /** Only the history cases. */
    'history-only': { type: 'boolean', default: false },
  },
});
const log = (line: string) => console.log(line);
const PAIRS = 200;
const MESSAGES = 1_000_000;
const PER_CONVERSATION = 101;
const HISTORY_TARGET_MS = 15;
const DELIVERY_TARGET_MS = 50;
/** Each user's pause between two messages: 2-3 s, so 400 users send ~160 a second, under 30 a minute each. */
const SEND_EVERY_MS = [2000, 3000] as const;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Conversations between neighbouring users (each user with the next three, by id), 101 messages each, filled in
 * SQL. Each conversation's last message, and both participants' rows (read up to the last message), are set as
 * the chat service keeps them.
 */
async function fillMessages(db: Queryable): Promise<void> {
  const n = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from messages`))[0]!.n;
  if (n >= MESSAGES) {
    log(`reusing the ${n} messages already there`);
    return;
  }
  const started = Date.now();
  log(`filling >= ${MESSAGES} messages (found ${n})...`);
  await db.execute(sql`truncate conversation_participants, messages, conversations cascade`);
  await db.execute(sql`
    with u as (select id, (row_number() over (order by id))::int as i from users where removed_at is null)
    insert into conversations (user_a, user_b, last_modified, created_at)
    select least(a.id, b.id), greatest(a.id, b.id), now(), now() - interval '30 days'
    from u a join generate_series(1, 3) k on true join u b on b.i = a.i + k`);
  await db.execute(sql`
    insert into messages (conversation_id, sender_id, body, created_at)
    select c.id, case when g % 2 = 0 then c.user_a else c.user_b end,
           'Still available? I can do $' || (100 + g) || ' shipped to the US, message ' || g,
           now() - interval '30 days' + g * interval '1 hour' + (hashtext(c.id::text) % 1000) * interval '1 second'
    from conversations c cross join generate_series(1, ${sql.raw(String(PER_CONVERSATION))}) g`);
  await db.execute(sql`
    update conversations c set last_message_id = m.id, last_message = m.body, last_sender_id = m.sender_id, last_modified = m.created_at
    from (select distinct on (conversation_id) * from messages order by conversation_id, created_at desc, id desc) m
    where m.conversation_id = c.id`);
  await db.execute(sql`
    insert into conversation_participants (conversation_id, user_id, other_user_id, last_modified, unread, last_read_message_id, last_read_at)
    select c.id, p.me, p.other, c.last_modified, 0, c.last_message_id, c.last_modified
    from conversations c cross join lateral (values (c.user_a, c.user_b), (c.user_b, c.user_a)) p(me, other)`);
  await db.execute(sql`vacuum analyze conversations`);
  await db.execute(sql`vacuum analyze messages`);
  await db.execute(sql`vacuum analyze conversation_participants`);
  const m = rowsOf<{ m: number }>(await db.execute(sql`select count(*)::int as m from messages`))[0]!.m;
  log(`  ${m} messages in ${Math.round((Date.now() - started) / 1000)} s`);
}

interface Pair {
  conversationId: string;
  a: { id: string; cookie: string };
  b: { id: string; cookie: string };
}

async function benchPairs(db: Queryable): Promise<Pair[]> {
  const rows = rowsOf<{ id: string; user_a: string; user_b: string }>(
    await db.execute(sql`
      select c.id, c.user_a, c.user_b from conversations c order by c.user_a, c.user_b limit ${PAIRS * 12}`),
  );
  // Disjoint pairs: no user in two of them, so every socket's messages are its own pair's.
  const used = new Set<string>();
  const pairs: Pair[] = [];
  await db.execute(sql`delete from sessions where sid like 'bench-%'`);
  for (const r of rows) {
    if (pairs.length === PAIRS) break;
    if (used.has(r.user_a) || used.has(r.user_b)) continue;
    used.add(r.user_a).add(r.user_b);
    pairs.push({
      conversationId: r.id,
      a: { id: r.user_a, cookie: await sessionCookieFor(db, r.user_a, { keepOthers: true }) },
      b: { id: r.user_b, cookie: await sessionCookieFor(db, r.user_b, { keepOthers: true }) },
    });
  }
  if (pairs.length < PAIRS) throw new Error(`found ${pairs.length} disjoint pairs, not ${PAIRS}`);
  return pairs;
}

type ChatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

function openSocket(api: RunningApi, cookie: string): Promise<ChatSocket> {
  const socket: ChatSocket = connect(api.baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie, origin: api.baseUrl },
    reconnection: false,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => reject(new Error(`socket refused: ${error.message}`)));
  });
}

/** The delivery case: every latency from sendMessage to the other socket's msg, over `seconds` after a warm-up. */
async function delivery(apis: [RunningApi, RunningApi], pairs: Pair[], warmupSeconds: number, seconds: number) {
  const sent = new Map<string, number>();
  const latencies: number[] = [];
  /** The sender's acknowledgement (stored and fanned out by the server), for telling server time from relay time. */
  const acks: number[] = [];
  let measuring = false;
  let failures = 0;
  let disconnects = 0;
  let running = true;
  const sockets: ChatSocket[] = [];
  const users: Array<{ socket: ChatSocket; conversationId: string }> = [];
  for (const pair of pairs) {
    const a = await openSocket(apis[0], pair.a.cookie);
    const b = await openSocket(apis[process.env.CHAT_ONE_PROCESS ? 0 : 1], pair.b.cookie);
    sockets.push(a, b);
    // A dropped socket is not reconnected here (reconnection: false): what it misses would read as lost.
    for (const socket of [a, b]) socket.on('disconnect', () => running && disconnects++);
    for (const [socket, receiver, receiverId] of [[a, b, pair.b.id], [b, a, pair.a.id]] as const) {
      users.push({ socket, conversationId: pair.conversationId });
      receiver.on('msg', (n) => {
        // Only the other user's messages: the sender's own tabs get an echo too, from its own process.
        if (n.from.id === receiverId) return;
        const at = n.message.clientId ? sent.get(n.message.clientId) : undefined;
        if (at === undefined) return;
        sent.delete(n.message.clientId!);
        if (measuring) latencies.push(performance.now() - at);
      });
    }
  }
  let seq = 0;
  const run = Date.now().toString(36);
  const loops = users.map(async ({ socket, conversationId }, u) => {
    const pause = () => SEND_EVERY_MS[0] + Math.random() * (SEND_EVERY_MS[1] - SEND_EVERY_MS[0]);
    await new Promise((r) => setTimeout(r, Math.random() * SEND_EVERY_MS[1]));
    while (running) {
      // Unique per run too: the pairs are the same in every run, and a clientId already stored in that conversation
      // is a retry to the server (acknowledged, not sent again).
      const clientId = `bench-${run}-${u}-${seq++}`;
      const sentAt = performance.now();
      sent.set(clientId, sentAt);
      socket.emit('sendMessage', { conversationId, msg: `Would you take $${100 + (seq % 50)} for it? (${clientId})`, clientId }, (ack) => {
        if (!ack.ok) failures++;
        else if (measuring) acks.push(performance.now() - sentAt);
      });
      await new Promise((r) => setTimeout(r, pause()));
    }
  });
  await new Promise((r) => setTimeout(r, warmupSeconds * 1000));
  measuring = true;
  const from = performance.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  measuring = false;
  const elapsed = (performance.now() - from) / 1000;
  running = false;
  await Promise.all(loops);
  await new Promise((r) => setTimeout(r, 500));
  const lostEntries = [...sent.entries()].filter(([, at]) => performance.now() - at > 1000);
  const lost = lostEntries.length;
  if (process.env.CHAT_DEBUG_LOST) console.error('lost', JSON.stringify(lostEntries.slice(0, 8).map(([id, at]) => [id, Math.round(performance.now() - at)])));
  for (const socket of sockets) socket.disconnect();
  return { latencies: latencies.sort((x, y) => x - y), acks: acks.sort((x, y) => x - y), elapsed, failures, lost, disconnects };
}

const target = targetFor('pg', 1_000_000, args.url!, root);
log(`bench:chat: ${target.url}, Redis ${args.redis}`);
const handle = await openTarget(target);
let pairs: Pair[];
let lastKey: string | null = null;
try {
  await handle.migrate();
  await fillMessages(handle.db);
  pairs = await benchPairs(handle.db);
} finally {
  await handle.close();
}

const speed = [machineSpeedMs()];
buildApi(root);
const redisEnv = { REDIS_URL: args.redis! };
const profile = args['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${args['cpu-prof']}`] : [];
const apis = [await startApi(root, target, redisEnv, profile), await startApi(root, target, redisEnv)] as [RunningApi, RunningApi];
const rows: string[] = [];
const row = (name: string, sorted: number[], seconds: number, targetMs: number, extra = '') =>
  rows.push(
    `| ${name} | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 95).toFixed(1)} | ${percentile(sorted, 99).toFixed(1)} | ${Math.round(sorted.length / seconds)} | ${sorted.length}${extra} | < ${targetMs} | ${percentile(sorted, 99) < targetMs && !extra ? 'yes' : '**no**'} |`,
  );
try {
  const conversation = pairs[0]!.conversationId;
  const url = `${apis[0].baseUrl}/api/message/${conversation}`;
  const primeUrl = `${apis[0].baseUrl}/api/me/notifications`;
  const load = { connections: Number(args.connections), warmupSeconds: Number(args.warmup), seconds: Number(args.seconds), cookie: pairs[0]!.a.cookie };
  // The page an older 'Load previous messages' asks for: the lastKey of the newest page.
  const first = await fetch(primeUrl, { headers: { cookie: pairs[0]!.a.cookie } });
  const xsrf = /XSRF-TOKEN=([^;]*)/.exec(first.headers.getSetCookie().join('; '))?.[1];
  const newest = await fetch(url, {
    method: 'POST',
    headers: { cookie: `${pairs[0]!.a.cookie}; XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': decodeURIComponent(xsrf ?? ''), 'content-type': 'application/json' },
    body: '{}',
  });
  if (newest.status !== 200) throw new Error(`POST ${url} answered ${newest.status}: ${await newest.text()}`);
  const page = (await newest.json()) as { conversation: { messages: unknown[] }; lastKey: string | null };
  if (page.conversation.messages.length !== 15 || !page.lastKey) throw new Error(`the newest page held ${page.conversation.messages.length} messages`);
  lastKey = page.lastKey;

  if (!args['delivery-only']) {
  log('history: newest page');
  const h1 = await measure(url, { ...load, post: { body: '{}', primeUrl } });
  row('history: newest page (15 of 101, among >= 1,000,000)', h1.latencies.sort((a, b) => a - b), h1.seconds, HISTORY_TARGET_MS, h1.errors ? ` (${h1.errors} errors)` : '');
  // The floor of a signed-in call on this machine in this run: the same session, middleware and round trips
  // (the session, then one prepared statement), nothing of the page's own work.
  log('floor: GET /api/me/notifications');
  const f = await measure(primeUrl, { ...load });
  row('(floor: GET /api/me/notifications, same session)', f.latencies.sort((a, b) => a - b), f.seconds, HISTORY_TARGET_MS, f.errors ? ` (${f.errors} errors)` : '');
  log('history: an older page');
  const h2 = await measure(url, { ...load, post: { body: JSON.stringify({ lastKey }), primeUrl } });
  row('history: older page (lastKey)', h2.latencies.sort((a, b) => a - b), h2.seconds, HISTORY_TARGET_MS, h2.errors ? ` (${h2.errors} errors)` : '');
  }

  if (!args['history-only']) {
  log(`delivery: ${PAIRS} pairs across two API processes`);
  const d = await delivery(apis, pairs, Number(args.warmup), Math.max(20, Number(args.seconds)));
  const problems = d.failures || d.lost || d.disconnects ? ` (${d.failures} refused, ${d.lost} not delivered, ${d.disconnects} sockets dropped)` : '';
  row(`delivery: ${PAIRS} pairs, two processes + Redis`, d.latencies, d.elapsed, DELIVERY_TARGET_MS, problems);
  row('(the same sends: acknowledgement to the sender)', d.acks, d.elapsed, DELIVERY_TARGET_MS);
  }
} finally {
  await Promise.all(apis.map((api) => api.stop()));
}
speed.push(machineSpeedMs());

log(`\n## Chat, PostgreSQL + Redis, ${args.connections} connections for history, ${args.warmup} s warm-up\n`);
log(`${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`);
log(`Machine speed: a fixed JavaScript loop took ${Math.round(speed[0]!)} ms before and ${Math.round(speed[1]!)} ms after (lower is faster).\n`);
log('| case | p50 ms | p95 ms | p99 ms | per s | samples | p99 target | met |');
log('|---|---:|---:|---:|---:|---:|---:|---|');
for (const r of rows) log(r);
