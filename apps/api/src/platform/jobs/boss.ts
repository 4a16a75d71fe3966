import { fromPglite, PgBoss, type ConstructorOptions } from 'pg-boss';
import type { DatabaseHandle } from '../../db/client';

/**
 * Instance-wide settings. Expiry and heartbeat checks run in the supervise pass, so its interval bounds how late a
 * dead worker's job is noticed; maintenance deletes completed jobs past their queue's deleteAfterSeconds.
 */
const INSTANCE: ConstructorOptions = {
  superviseIntervalSeconds: 5,
  monitorIntervalSeconds: 5,
  maintenanceIntervalSeconds: 10 * 60,
  // Workers of notify-enabled queues wake on the commit that queued a job (pg_notify is transactional).
  useListenNotify: true,
};

/**
 * pg-boss on the API's database: on PGlite through pg-boss's own adapter over the one in-process client that
 * drizzle also uses; on a PostgreSQL server through a small pool of its own (plus one LISTEN connection).
 */
export function createBoss(target: DatabaseHandle['jobsTarget']): PgBoss {
  if (target.backend === 'pglite') return new PgBoss({ ...INSTANCE, db: fromPglite(target.client), backend: 'pglite' });
  return new PgBoss({ ...INSTANCE, connectionString: target.connectionString, max: 4, application_name: 'keeb-jobs' });
}
