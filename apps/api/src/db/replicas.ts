import { sql } from 'drizzle-orm';
import { openReplica, type Database, type ReplicaHandle } from './client';

/** How stale a replica may be and still serve public reads; beyond it the replica is skipped until it catches up. */
export const DEFAULT_MAX_LAG_MS = 3000;
const PROBE_EVERY_MS = 1000;
/** A replica that does not accept a connection this fast is treated as down (the probe, and requests sent to it). */
const CONNECT_TIMEOUT_MS = 1000;
/** A probe unanswered this long finds the replica down: a frozen server holds connections open without answering. */
const PROBE_TIMEOUT_MS = 1000;
/** A public read on a replica unanswered this long is given up and retried on the primary (platform/read-routing.ts). */
const QUERY_TIMEOUT_MS = 5000;

export interface ReplicaStatus {
  url: string;
  /** Serving reads now: answered the last probe, in recovery, and no further behind than maxLagMs. */
  healthy: boolean;
  /** Why not, for the log and the tests: 'down', 'not a standby', 'lagging'. */
  reason?: string;
  /** How long the replica has been missing WAL the primary had written (0: has everything the probe saw). */
  lagMs: number;
}

interface Replica {
  url: string;
  handle: ReplicaHandle;
  status: ReplicaStatus;
}

/** A write-ahead-log position ('16/B374D848') as a number, to compare positions read on different servers. */
export function lsnValue(lsn: string): bigint {
  const [high = '0', low = '0'] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/**
 * How far behind a replica is, from the primary's WAL positions sampled over time (oldest first): the replica
 * lacks WAL the primary had written at the time of the first sample past its replay position, so it is at least
 * that old. An idle primary writes nothing, its position stays, and a replica that replayed it is 0 ms behind,
 * which a comparison of pg_last_xact_replay_timestamp() with now() would get wrong (it grows while nothing happens).
 */
export function lagOf(samples: ReadonlyArray<{ at: number; lsn: bigint }>, replayed: bigint, now: number): number {
  const missing = samples.find((s) => s.lsn > replayed);
  return missing ? now - missing.at : 0;
}

export interface ReplicaSetOptions {
  /** Skip a replica further behind than this; read on every probe, so tests may change it. */
  maxLagMs?: number;
  probeEveryMs?: number;
  onChange?: (status: ReplicaStatus) => void;
}

/**
 * The streaming replicas behind DATABASE_REPLICA_URLS and their health. A probe every second asks each one
 * whether it is a standby and how far it has replayed, and compares that with the primary's WAL position:
 * a replica that does not answer, is not a standby (promoted, or pointed at the wrong server) or lags more than
 * maxLagMs is skipped until a probe finds it well again. Requests never wait for a sick replica: pick() only
 * answers replicas the last probe found healthy, and markDown() takes one out at once when a query finds it down.
 */
export class ReplicaSet {
  maxLagMs: number;
  private readonly replicas: Replica[];
  private samples: Array<{ at: number; lsn: bigint }> = [];
  private next = 0;
  private timer: NodeJS.Timeout | undefined;
  private probing: Promise<void> | undefined;

  private constructor(
    private readonly primary: Database,
    replicas: Replica[],
    private readonly options: ReplicaSetOptions,
  ) {
    this.replicas = replicas;
    this.maxLagMs = options.maxLagMs ?? DEFAULT_MAX_LAG_MS;
  }

  /** Opens a pool per replica (connecting lazily: a replica down at start-up is not fatal) and runs the first probe. */
  static async open(primary: Database, urls: string[], options: ReplicaSetOptions = {}): Promise<ReplicaSet> {
    const replicas = await Promise.all(
      urls.map(async (url) => ({
        url,
        handle: await openReplica(url, { connectTimeoutMs: CONNECT_TIMEOUT_MS, queryTimeoutMs: QUERY_TIMEOUT_MS }),
        status: { url: redact(url), healthy: false, reason: 'not probed yet', lagMs: 0 },
      })),
    );
    const set = new ReplicaSet(primary, replicas, options);
    await set.probe();
    set.timer = setInterval(() => void set.probe(), options.probeEveryMs ?? PROBE_EVERY_MS);
    set.timer.unref();
    return set;
  }

  /** A healthy replica's database, taking turns between them; undefined when none is healthy. */
  pick(): Database | undefined {
    for (let i = 0; i < this.replicas.length; i++) {
      const replica = this.replicas[(this.next + i) % this.replicas.length]!;
      if (replica.status.healthy) {
        this.next = (this.next + i + 1) % this.replicas.length;
        return replica.handle.db;
      }
    }
    return undefined;
  }

  /** Takes the replica serving `db` out of rotation until the next probe finds it answering again. */
  markDown(db: Database): void {
    const replica = this.replicas.find((r) => r.handle.db === db);
    if (replica) this.update(replica, { healthy: false, reason: 'down', lagMs: replica.status.lagMs });
  }

  statuses(): ReplicaStatus[] {
    return this.replicas.map((r) => ({ ...r.status }));
  }

  /** One round: the primary's position, then every replica's. Rounds never overlap (a slow one is waited for). */
  probe(): Promise<void> {
    this.probing ??= this.probeOnce().finally(() => (this.probing = undefined));
    return this.probing;
  }

  private async probeOnce(): Promise<void> {
    const now = Date.now();
    try {
      const [row] = rowsOf<{ lsn: string }>(await this.primary.execute(sql`select pg_current_wal_lsn()::text as lsn`));
      this.samples.push({ at: now, lsn: lsnValue(row!.lsn) });
    } catch {
      // The primary unreachable: no new sample; the requests that need it fail on their own.
    }
    // Samples older than the threshold can only say "lagging"; one of them is kept so that stays visible.
    const horizon = now - this.maxLagMs * 2;
    while (this.samples.length > 1 && this.samples[1]!.at < horizon) this.samples.shift();
    await Promise.all(this.replicas.map((replica) => this.probeReplica(replica)));
  }

  private async probeReplica(replica: Replica): Promise<void> {
    try {
      const [row] = rowsOf<{ standby: boolean; replayed: string }>(
        await within(
          PROBE_TIMEOUT_MS,
          replica.handle.db.execute(sql`select pg_is_in_recovery() as standby, coalesce(pg_last_wal_replay_lsn(), '0/0')::text as replayed`),
        ),
      );
      if (!row?.standby) return this.update(replica, { healthy: false, reason: 'not a standby', lagMs: 0 });
      const lagMs = lagOf(this.samples, lsnValue(row.replayed), Date.now());
      this.update(replica, lagMs > this.maxLagMs ? { healthy: false, reason: 'lagging', lagMs } : { healthy: true, lagMs });
    } catch {
      this.update(replica, { healthy: false, reason: 'down', lagMs: replica.status.lagMs });
    }
  }

  private update(replica: Replica, next: Omit<ReplicaStatus, 'url'>): void {
    const changed = replica.status.healthy !== next.healthy || replica.status.reason !== next.reason;
    replica.status = { url: replica.status.url, ...next };
    if (changed) this.options.onChange?.({ ...replica.status });
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.probing;
    await Promise.all(this.replicas.map((r) => r.handle.close()));
  }
}

/** `work`'s answer, or a rejection once `ms` have passed without one. */
function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** node-postgres answers execute() with { rows }. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The URL without its password, for logs. */
function redact(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}
