import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { appendFile, chown, mkdtemp, rm } from 'node:fs/promises';
import { freePort } from '../../../../scripts/free-port.mjs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/**
 * util-linux's runuser lives in /usr/sbin, which is not on every PATH (CI runs with /usr/local/bin:/usr/bin:/bin):
 * found by its full path, as the cluster launcher finds haproxy.
 */
function runuserPath(): string {
  return ['/usr/sbin/runuser', '/sbin/runuser'].find((candidate) => existsSync(candidate)) ?? 'runuser';
}

/** Debian's PostgreSQL tools (package `postgresql`), the newest version installed. */
export function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

export interface ReplicaCluster {
  primaryUrl: string;
  standbyUrl: string;
  /** Runs SQL on the standby as the superuser (pause or resume replay, read its position). */
  onStandby<T extends pg.QueryResultRow>(text: string): Promise<T[]>;
  /** Runs SQL on the primary as the superuser. */
  onPrimary<T extends pg.QueryResultRow>(text: string): Promise<T[]>;
  /** Waits until the standby has replayed everything the primary has written so far. */
  caughtUp(): Promise<void>;
  stopStandby(): Promise<void>;
  /** Stops both servers and deletes their directories. */
  destroy(): Promise<void>;
}

/**
 * A primary and a streaming standby of its own, made with Debian's PostgreSQL tools in a temporary directory and
 * on free ports, as STACK-NOTES describes: nothing of the machine's own PostgreSQL is read or changed. The
 * servers refuse to run as root, so when the tests run as root the tools run as the `postgres` user.
 */
export async function startReplicaCluster(): Promise<ReplicaCluster> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('no PostgreSQL server tools under /usr/lib/postgresql (install Debian\'s postgresql package)');
  const asRoot = process.getuid?.() === 0;
  const tool = (name: string, args: string[]) =>
    asRoot ? run(runuserPath(), ['-u', 'postgres', '--', path.join(bin, name), ...args]) : run(path.join(bin, name), args);

  const dir = await mkdtemp(path.join(tmpdir(), 'keeb-replica-'));
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(group.trim()));
  }
  const primaryDir = path.join(dir, 'primary');
  const standbyDir = path.join(dir, 'standby');
  const [primaryPort, standbyPort] = [await freePort(), await freePort()];
  // -l: the server's output goes to a file; on our pipes it would keep execFile waiting for them to close.
  const start = (dataDir: string, port: number) =>
    tool('pg_ctl', ['-D', dataDir, '-l', `${dataDir}.log`, '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, '-w', 'start']);
  const stop = (dataDir: string) => tool('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']).catch(() => undefined);

  let started: string[] = [];
  const destroy = async () => {
    for (const dataDir of started.reverse()) await stop(dataDir);
    started = [];
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await tool('initdb', ['-D', primaryDir, '-A', 'trust', '-U', 'postgres']);
    await appendFile(path.join(primaryDir, 'pg_hba.conf'), '\nhost replication all 127.0.0.1/32 trust\n');
    await start(primaryDir, primaryPort);
    started.push(primaryDir);
    await tool('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', standbyDir, '-R']);
    await start(standbyDir, standbyPort);
    started.push(standbyDir);
  } catch (error) {
    await destroy();
    throw error;
  }

  const primaryUrl = `postgres://postgres@127.0.0.1:${primaryPort}/postgres`;
  const standbyUrl = `postgres://postgres@127.0.0.1:${standbyPort}/postgres`;
  const query = async <T extends pg.QueryResultRow>(url: string, text: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query<T>(text)).rows;
    } finally {
      await client.end();
    }
  };
  const onStandby = <T extends pg.QueryResultRow>(text: string) => query<T>(standbyUrl, text);
  const onPrimary = <T extends pg.QueryResultRow>(text: string) => query<T>(primaryUrl, text);
  return {
    primaryUrl,
    standbyUrl,
    onStandby,
    onPrimary,
    async caughtUp() {
      const [{ lsn } = { lsn: '' }] = await onPrimary<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
      for (let attempt = 0; attempt < 200; attempt++) {
        const [row] = await onStandby<{ behind: boolean }>(`select pg_last_wal_replay_lsn() < '${lsn}'::pg_lsn as behind`);
        if (row && !row.behind) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`the standby did not replay up to ${lsn}`);
    },
    async stopStandby() {
      await stop(standbyDir);
      started = started.filter((d) => d !== standbyDir);
    },
    destroy,
  };
}
