import { count } from 'drizzle-orm';
import type { Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { users } from './db/schema/index';
import { loadDemoData } from './db/seed/demo/index';
import { seedReferenceData } from './db/seed/reference';
import { underStartupLock } from './db/startup-lock';
import { applyAdminBootstrap } from './modules/accounts/admin';
import type { Logger } from './platform/logger';

/**
 * Everything start-up does to the database, in order: connect, migrate, reference data, admin grants, and demo
 * content on an empty embedded database. On a PostgreSQL server that work runs under an advisory lock, one
 * process at a time, since several may start at the same moment; PGlite belongs to one process and needs none.
 */
export async function prepareDatabase(config: Config, logger: Logger): Promise<DatabaseHandle> {
  const handle = await openDatabase(config);
  try {
    const { databaseUrl } = config;
    if (handle.driver === 'pg' && databaseUrl) await underStartupLock(databaseUrl, logger, () => prepare(handle, config, logger));
    else await prepare(handle, config, logger);
    return handle;
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  }
}

async function prepare(handle: DatabaseHandle, config: Config, logger: Logger): Promise<void> {
  await handle.migrate();
  await seedReferenceData(handle.db);
  if (config.demoData && handle.driver === 'pglite') {
    const [row] = await handle.db.select({ n: count() }).from(users);
    if ((row?.n ?? 0) === 0) {
      const started = Date.now();
      const loaded = await loadDemoData(handle.db, config.uploadsDir);
      logger.info({ ...loaded, ms: Date.now() - started }, 'demo content loaded (DEMO_DATA=0 turns this off)');
    }
  }
  // After the demo content, so ADMIN_USERNAMES can name a demo account on a fresh start. Each name grants once.
  const granted = await applyAdminBootstrap(handle.db, config.adminUsernames);
  if (granted.length > 0) logger.info({ admins: granted }, 'admin rights applied from ADMIN_USERNAMES');
}
