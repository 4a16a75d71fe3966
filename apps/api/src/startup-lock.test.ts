import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from '../../../scripts/cluster/cluster.mjs';
import { migrationsFolder } from './db/client';
import { createEmptyServerDatabase, type ServerDatabase } from './test/server-database';

// Real processes on a real PostgreSQL server: runs when DATABASE_URL names one (CI's second pass of the api project).
const serverUrl = process.env.DATABASE_URL;

describe.runIf(serverUrl)('several processes starting at once on an empty database', () => {
  let database: ServerDatabase;
  let cluster: Cluster | undefined;

  beforeAll(async () => {
    database = await createEmptyServerDatabase(serverUrl!);
  });
  afterAll(async () => {
    await cluster?.stopAll();
    await database?.drop();
  });

  it('all come up, and each migration ran once', async () => {
    // The launcher starts the three at the same moment, then HAProxy in front once they all answer.
    cluster = await startCluster({ processes: 3, entry: 'source', env: { DATABASE_URL: database.url } });

    for (const api of cluster.processes) {
      expect(api.running).toBe(true);
      const health = await fetch(`${api.url}/api/health`);
      expect(await health.json()).toEqual({ ok: true });
    }
    expect(await cluster.serverStates()).toEqual({ api1: 'UP', api2: 'UP', api3: 'UP' });

    const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    const [applied] = await database.query<{ rows: string; distinct: string }>(
      'select count(*) as rows, count(distinct hash) as distinct from drizzle.__drizzle_migrations',
    );
    expect(applied).toEqual({ rows: String(journal.entries.length), distinct: String(journal.entries.length) });
  }, 240_000);
});
