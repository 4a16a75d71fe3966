import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from '../../../scripts/cluster/cluster.mjs';
import { closeAgents, requestFrom, xsrfPair } from './test/http-from';
import { createEmptyServerDatabase, type ServerDatabase } from './test/server-database';

// Real processes behind Debian's haproxy on a real PostgreSQL server: runs when DATABASE_URL names one (CI's second
// pass of the api project, which installs haproxy; without haproxy the launcher throws and the tests fail).
const serverUrl = process.env.DATABASE_URL;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The access-log lines (JSON) of a process whose request id starts with `prefix`. */
function logLines(output: string, prefix: string): Array<{ reqId: string; ip: string; status: number; msg: string }> {
  return output
    .split('\n')
    .filter((line) => line.includes(`"reqId":"${prefix}`))
    .map((line) => JSON.parse(line) as { reqId: string; ip: string; status: number; msg: string });
}

describe.runIf(serverUrl)('two processes behind HAProxy', () => {
  let database: ServerDatabase;
  let cluster: Cluster;

  beforeAll(async () => {
    database = await createEmptyServerDatabase(serverUrl!);
    // Rate limits in this test's own database (no REDIS_URL): counts shared by both processes, and by no other test.
    // Only HAProxy's address is trusted to name the client, so a client that writes X-Forwarded-For itself is not.
    cluster = await startCluster({ processes: 2, entry: 'source', env: { DATABASE_URL: database.url, TRUST_PROXY: '127.0.0.1' } });
  }, 240_000);
  afterAll(async () => {
    closeAgents();
    await cluster?.stopAll();
    await database?.drop();
  });

  it("rate-limits and logs each request under the client's address, not the proxy's", async () => {
    const alice = '127.0.0.5';
    const bob = '127.0.0.6';
    const xsrf = await xsrfPair(cluster.url, alice);
    // The account calls allow 100 a minute per address; the 101st from one address is refused, whatever address
    // the client claims in its own X-Forwarded-For.
    const statuses: number[] = [];
    for (let i = 0; i < 101; i++) {
      const answer = await requestFrom(cluster.url, alice, {
        method: 'POST', path: '/api/password/not-a-token/valid', body: '{}',
        headers: { ...xsrf, 'x-request-id': `fwd-alice-${i}`, 'x-forwarded-for': `203.0.113.${i}` },
      });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 100)).toEqual(Array(100).fill(200));
    expect(statuses[100]).toBe(429);

    // Another address behind the same proxy has its own allowance.
    const other = await requestFrom(cluster.url, bob, {
      method: 'POST', path: '/api/password/not-a-token/valid', body: '{}',
      headers: { ...(await xsrfPair(cluster.url, bob)), 'x-request-id': 'fwd-bob' },
    });
    expect(other.status).toBe(200);

    // A line is written once its answer has gone: the last ones may still be on their way through the pipe.
    let lines = cluster.processes.flatMap((p) => logLines(p.output(), 'fwd-'));
    for (let tries = 0; lines.length < 102 && tries < 50; tries++) {
      await sleep(100);
      lines = cluster.processes.flatMap((p) => logLines(p.output(), 'fwd-'));
    }
    expect(lines).toHaveLength(102);
    expect(new Set(lines.filter((l) => l.reqId.startsWith('fwd-alice-')).map((l) => l.ip))).toEqual(new Set([alice]));
    expect(lines.find((l) => l.reqId === 'fwd-bob')?.ip).toBe(bob);
    // Both processes took part: the limit is the cluster's, not one process's.
    expect(cluster.processes.every((p) => logLines(p.output(), 'fwd-alice-').length > 0)).toBe(true);
  }, 120_000);

  it("closes a stopping process's sockets so that their clients reconnect to the other process", async () => {
    const from = '127.0.0.7';
    const signup = await requestFrom(cluster.url, from, {
      method: 'POST', path: '/api/signup', headers: await xsrfPair(cluster.url, from),
      body: JSON.stringify({ username: 'drain_fan', password: 'correct horse', email: 'drain@example.test', shippingRegion: 'US' }),
    });
    expect(signup.status).toBe(200);
    const sid = ([] as string[]).concat(signup.headers['set-cookie'] ?? []).find((c) => c.startsWith('sid='))!.split(';')[0]!;

    // As the web client connects: WebSocket only (no sticky sessions needed), through HAProxy.
    const sockets: Socket[] = [];
    const reasons: string[] = [];
    const opened = Array.from({ length: 4 }, () => {
      const socket = connect(cluster.url, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie: sid }, forceNew: true, reconnectionDelay: 100, reconnectionDelayMax: 100 });
      sockets.push(socket);
      socket.on('disconnect', (reason) => reasons.push(reason));
      return new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
    });
    try {
      await Promise.all(opened);
      // leastconn spreads the four long-lived connections over both processes.
      await cluster.stop(1);
      // The sockets the stopped process held were closed as a transport closing, which socket.io clients retry
      // ('io server disconnect' would leave them disconnected), and came back through HAProxy to the other process.
      expect(reasons.length).toBeGreaterThan(0);
      expect(reasons.every((reason) => reason === 'transport close')).toBe(true);
      for (let tries = 0; sockets.some((s) => !s.connected) && tries < 100; tries++) await sleep(100);
      expect(sockets.every((s) => s.connected)).toBe(true);
    } finally {
      sockets.forEach((s) => s.disconnect());
      await cluster.start(1);
    }
  }, 120_000);

  it('loses no request while one process is stopped with SIGTERM', async () => {
    // Many client addresses, so the account calls' per-address limit never answers for the load.
    const addresses = Array.from({ length: 40 }, (_, i) => `127.0.1.${i + 1}`);
    const xsrf = new Map<string, Record<string, string>>();
    for (const address of addresses) xsrf.set(address, await xsrfPair(cluster.url, address));

    const failures: string[] = [];
    const served = { get: 0, post: 0 };
    let running = true;
    let sent = 0;
    const worker = async () => {
      while (running) {
        const n = sent++;
        // Four requests in turn from each address, one of them a POST: every address sends a quarter of its share as
        // account calls (n % 40 would send all the POSTs from a tenth of the addresses).
        const from = addresses[Math.floor(n / 4) % addresses.length]!;
        const post = n % 4 === 3;
        const what = `drain-${n} ${post ? 'POST /api/password/not-a-token/valid' : 'GET /api/items'} from ${from}`;
        try {
          const answer = post
            ? await requestFrom(cluster.url, from, { method: 'POST', path: '/api/password/not-a-token/valid', body: '{}', headers: { ...xsrf.get(from), 'x-request-id': `drain-${n}` } })
            : await requestFrom(cluster.url, from, { path: '/api/items', headers: { 'x-request-id': `drain-${n}` } });
          if (answer.status === 200) served[post ? 'post' : 'get']++;
          else failures.push(`${what}: ${answer.status} ${answer.body.slice(0, 200)}`);
        } catch (error) {
          failures.push(`${what}: ${(error as Error).message}`);
        }
        // A steady stream rather than a flood: the two cores also run both processes, HAProxy and PostgreSQL.
        await sleep(10);
      }
    };
    const workers = Array.from({ length: 6 }, worker);

    const stopping = cluster.processes[0]!;
    await sleep(1500);
    const exiting = cluster.stop(0);
    // Asked directly while it drains: the health check fails, a request is still served, and each answer closes
    // its connection.
    let health = await requestFrom(stopping.url, '127.0.0.8', { path: '/api/health' });
    for (let tries = 0; health.status === 200 && tries < 40; tries++) {
      await sleep(25);
      health = await requestFrom(stopping.url, '127.0.0.8', { path: '/api/health' });
    }
    const direct = await requestFrom(stopping.url, '127.0.0.8', { path: '/api/items' });
    expect([health.status, JSON.parse(health.body), health.headers.connection]).toEqual([503, { ok: false, message: 'shutting_down' }, 'close']);
    expect([direct.status, direct.headers.connection]).toEqual([200, 'close']);
    const exit = await exiting;
    // The stream goes on against the survivor for a while after the exit.
    await sleep(1000);
    running = false;
    await Promise.all(workers);

    // A refusal names the address the process saw, from its access log: the first thing to know about a 429.
    const seen = new Map(cluster.processes.flatMap((p) => logLines(p.output(), 'drain-').map((l) => [l.reqId, `${p.name} saw ${l.ip}`] as const)));
    expect(failures.map((f) => `${f} (${seen.get(f.split(' ')[0]!) ?? 'not logged'})`)).toEqual([]);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(served.get).toBeGreaterThan(50);
    expect(served.post).toBeGreaterThan(20);
    // The stopped process served requests of the stream while its health check was failing (the drain), then
    // left HAProxy's rotation and finished.
    const output = stopping.output();
    const drainStarted = output.indexOf('"msg":"draining: health check failing, still serving"');
    expect(drainStarted).toBeGreaterThan(-1);
    expect(logLines(output.slice(drainStarted), 'drain-').length).toBeGreaterThan(0);
    expect(output).toContain('"msg":"stopped"');
    expect((await cluster.serverStates()).api1).toBe('DOWN');
  }, 120_000);
});
