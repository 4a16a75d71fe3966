import pg from 'pg';
import type { Logger } from '../platform/logger';

/**
 * The advisory lock key the start-up work is serialised on (any number of processes may start at once). A fixed
 * number: every version of the app must agree on it. 'keeb' in ASCII, then 1 for start-up.
 */
export const STARTUP_LOCK_KEY = 0x6b65_6562_0001n;

/**
 * Runs `work` (migrations, reference data, admin grants) in one process at a time across every process on this
 * PostgreSQL database: the others wait, then find the work done. A session-level lock on a client of its own, not
 * one from the pool the work uses, so it is held across the migrator's own transactions; it is released when the
 * work ends, and by PostgreSQL itself if this process dies holding it.
 */
export async function underStartupLock<T>(databaseUrl: string, logger: Logger, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'keeb startup lock' });
  await client.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [STARTUP_LOCK_KEY.toString()]);
    if (!rows[0]?.locked) {
      const started = Date.now();
      logger.info('another process is preparing the database: waiting for it');
      await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY.toString()]);
      logger.info({ ms: Date.now() - started }, 'database prepared by another process');
    }
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY.toString()]);
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}
