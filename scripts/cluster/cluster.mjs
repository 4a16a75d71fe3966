/**
 * Several API processes behind HAProxy on this machine: for `npm run cluster`, the cluster tests, the browser
 * journey and the cluster bench. Types: cluster.d.mts.
 *
 *   import { startCluster } from '../scripts/cluster/cluster.mjs';
 *   const cluster = await startCluster({ processes: 2, env: { DATABASE_URL, REDIS_URL } });
 *   cluster.url                 // the front address (HAProxy), e.g. http://127.0.0.1:41234
 *   cluster.processes[0].url    // one process directly; .port, .pid, .running, .output()
 *   await cluster.stop(0)       // SIGTERM (graceful: drain, finish, exit); resolves with { code, signal }
 *   await cluster.kill(1)       // SIGKILL
 *   await cluster.start(1)      // starts a stopped or killed process again on its port; waits until HAProxy has it UP
 *   await cluster.restart(0)    // stop (SIGTERM) then start
 *   await cluster.serverStates()  // { api1: 'UP', api2: 'DOWN', ... } as HAProxy sees them
 *   await cluster.waitForState(0, 'DOWN')
 *   await cluster.stopAll()     // SIGTERM to every process and HAProxy; removes the temporary directory
 *
 * Options: processes (2); env: extra environment for every process (DATABASE_URL is required: one embedded
 * database belongs to one process; REDIS_URL, S3_*, DATABASE_REPLICA_URLS...); entry: 'dist' (the built bundle,
 * built when stale, the default) or 'source' (apps/api/src/server.ts through tsx, no build); frontPort (a free
 * port); haproxyConfig (deploy/haproxy.cfg); log: 'pipe' (kept, read with output()) or 'inherit' (printed with a
 * [apiN] prefix). Every process shares one SESSION_SECRET (generated unless env has one) and one DATA_DIR (a
 * temporary directory unless env has one); PUBLIC_URL is the front address unless env has one; SHUTDOWN_DRAIN_MS
 * defaults to DRAIN_MS below, the time HAProxy needs to see a failing health check.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { freePort } from '../free-port.mjs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * How long a stopping process keeps answering (with a failing health check) before it stops taking requests.
 * deploy/haproxy.cfg checks every 1 s, every 0.5 s once one check failed, and takes a server out after 2 failures:
 * at most about 1.5 s plus the check's own time. Twice that leaves room for a loaded machine.
 */
export const DRAIN_MS = 3000;

export { freePort };

const READY_TIMEOUT_MS = 120_000;

/** Debian installs haproxy in /usr/sbin, which is not on every user's PATH. */
export function findHaproxy() {
  if (process.env.HAPROXY_BIN) return process.env.HAPROXY_BIN;
  const found = spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' }).stdout.trim();
  if (found) return found;
  for (const candidate of ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy']) if (existsSync(candidate)) return candidate;
  return undefined;
}

/**
 * deploy/haproxy.cfg with this machine's addresses: the front `bind` on 127.0.0.1:<frontPort>, one `server` line
 * per process instead of the `server-template` (which finds Docker's replicas by DNS), no `resolvers` section, and
 * an admin socket the launcher reads the servers' states from.
 */
export function localHaproxyConfig(template, { frontPort, ports, statsSocket }) {
  const out = [];
  let section = '';
  for (const line of template.split('\n')) {
    const header = /^(\S+)/.exec(line)?.[1];
    if (header) section = header;
    if (section === 'resolvers') continue;
    const trimmed = line.trim();
    if (header === 'global') {
      out.push(line, `    stats socket ${statsSocket} mode 600 level admin`);
      continue;
    }
    if (/^bind\s/.test(trimmed)) {
      out.push(line.replace(/bind\s+\S+/, `bind 127.0.0.1:${frontPort}`));
      continue;
    }
    if (/^server-template\s/.test(trimmed)) {
      const indent = /^\s*/.exec(line)[0];
      ports.forEach((port, i) => out.push(`${indent}server api${i + 1} 127.0.0.1:${port}`));
      continue;
    }
    out.push(line);
  }
  return out.join('\n');
}

/** One command on HAProxy's admin socket; answers its whole reply. */
function haproxyCommand(socketPath, command) {
  return new Promise((resolve, reject) => {
    const socket = connect(socketPath);
    let reply = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (reply += chunk));
    socket.on('end', () => resolve(reply));
    socket.on('error', reject);
    socket.write(`${command}\n`);
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startCluster(options = {}) {
  const count = options.processes ?? 2;
  const env = { ...(options.env ?? {}) };
  if (!env.DATABASE_URL) throw new Error('startCluster needs env.DATABASE_URL: the embedded database belongs to one process');
  const haproxyBin = findHaproxy();
  if (!haproxyBin) throw new Error('haproxy is not installed (apt-get install haproxy, or set HAPROXY_BIN)');
  const log = options.log ?? 'pipe';

  let command;
  if ((options.entry ?? 'dist') === 'dist') {
    const { ensureBuilt } = await import('../build-if-stale.mjs');
    command = [ensureBuilt().serverEntry];
  } else {
    command = ['--import', 'tsx', path.join(root, 'apps', 'api', 'src', 'server.ts')];
  }

  const dir = await mkdtemp(path.join(tmpdir(), 'keeb-cluster-'));
  const frontPort = options.frontPort ?? (await freePort());
  const url = `http://127.0.0.1:${frontPort}`;
  const ports = [];
  for (let i = 0; i < count; i++) ports.push(await freePort());
  const shared = {
    NODE_ENV: 'production',
    LOG_PRETTY: '0',
    DEMO_DATA: '0',
    DATA_DIR: path.join(dir, 'data'),
    SESSION_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_URL: url,
    SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    ...env,
  };

  const processes = ports.map((port, index) => ({
    index,
    name: `api${index + 1}`,
    port,
    url: `http://127.0.0.1:${port}`,
    pid: undefined,
    running: false,
    child: undefined,
    exited: undefined,
    text: '',
    output() {
      return this.text;
    },
  }));

  function launch(proc) {
    const child = spawn(process.execPath, command, {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...shared, PORT: String(proc.port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc.child = child;
    proc.pid = child.pid;
    proc.running = true;
    proc.exited = new Promise((resolve) =>
      child.on('exit', (code, signal) => {
        proc.running = false;
        resolve({ code, signal });
      }),
    );
    const take = (chunk) => {
      const text = chunk.toString();
      proc.text += text;
      // Keeps the last megabyte: a bench runs for minutes.
      if (proc.text.length > 2_000_000) proc.text = proc.text.slice(-1_000_000);
      if (log === 'inherit') for (const line of text.split('\n')) if (line) process.stdout.write(`[${proc.name}] ${line}\n`);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${proc.name} did not start in ${READY_TIMEOUT_MS / 1000} s:\n${proc.text}`)), READY_TIMEOUT_MS);
      const onData = () => {
        if (!/running at http/.test(proc.text)) return;
        clearTimeout(timer);
        child.stdout.off('data', onData);
        resolve();
      };
      child.stdout.on('data', onData);
      void proc.exited.then(({ code, signal }) => {
        clearTimeout(timer);
        reject(new Error(`${proc.name} exited (${signal ?? code}) while starting:\n${proc.text}`));
      });
    });
  }

  const statsSocket = path.join(dir, 'haproxy.sock');
  const configFile = path.join(dir, 'haproxy.cfg');
  let haproxy;
  let haproxyExited;
  let haproxyText = '';

  async function serverStates() {
    const csv = await haproxyCommand(statsSocket, 'show stat');
    const [header, ...rows] = csv.trim().split('\n');
    const columns = header.replace(/^# /, '').split(',');
    const svname = columns.indexOf('svname');
    const status = columns.indexOf('status');
    const states = {};
    for (const row of rows) {
      const cells = row.split(',');
      if (/^api\d+$/.test(cells[svname])) states[cells[svname]] = cells[status].split(' ')[0];
    }
    return states;
  }

  async function waitForState(index, state, timeoutMs = 30_000) {
    const name = processes[index].name;
    const until = Date.now() + timeoutMs;
    for (;;) {
      const states = await serverStates();
      if (states[name] === state) return;
      if (Date.now() > until) throw new Error(`HAProxy did not see ${name} ${state} in ${timeoutMs} ms (it sees ${states[name]})`);
      await sleep(100);
    }
  }

  async function signal(index, name) {
    const proc = processes[index];
    if (!proc.running) return proc.exited;
    proc.child.kill(name);
    return proc.exited;
  }

  async function start(index) {
    const proc = processes[index];
    if (proc.running) throw new Error(`${proc.name} is running`);
    await launch(proc);
    if (haproxy) await waitForState(index, 'UP');
  }

  async function stopAll() {
    await Promise.all(processes.map((_, i) => signal(i, 'SIGTERM')));
    // exitCode stays null when a signal ended it (Ctrl-C reaches the whole process group): the exit event tells.
    if (haproxy) {
      haproxy.kill('SIGTERM');
      await haproxyExited;
    }
    await rm(dir, { recursive: true, force: true });
  }

  try {
    // One at a time would hide the start-up race the advisory lock is there for; all at once, as a deploy does.
    await Promise.all(processes.map(launch));
    const template = await readFile(options.haproxyConfig ?? path.join(root, 'deploy', 'haproxy.cfg'), 'utf8');
    await writeFile(configFile, localHaproxyConfig(template, { frontPort, ports, statsSocket }));
    haproxy = spawn(haproxyBin, ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
    let haproxyGone = false;
    haproxyExited = new Promise((resolve) => haproxy.once('exit', () => resolve((haproxyGone = true))));
    const keep = (chunk) => {
      haproxyText += chunk.toString();
      if (haproxyText.length > 2_000_000) haproxyText = haproxyText.slice(-1_000_000);
      if (log === 'inherit') process.stdout.write(`[haproxy] ${chunk}`);
    };
    haproxy.stdout.on('data', keep);
    haproxy.stderr.on('data', keep);
    const until = Date.now() + 15_000;
    for (;;) {
      if (haproxyGone) throw new Error(`haproxy exited (${haproxy.signalCode ?? haproxy.exitCode}):\n${haproxyText}`);
      const states = await serverStates().catch(() => ({}));
      if (processes.every((p) => states[p.name] === 'UP')) break;
      if (Date.now() > until) throw new Error(`haproxy did not see every process UP in 15 s (${JSON.stringify(states)}):\n${haproxyText}`);
      await sleep(100);
    }
  } catch (error) {
    await stopAll().catch(() => undefined);
    throw error;
  }

  return {
    url,
    dir,
    configFile,
    processes,
    haproxyOutput: () => haproxyText,
    serverStates,
    waitForState,
    stop: (index) => signal(index, 'SIGTERM'),
    kill: (index) => signal(index, 'SIGKILL'),
    start,
    async restart(index) {
      await signal(index, 'SIGTERM');
      await start(index);
    },
    stopAll,
  };
}
