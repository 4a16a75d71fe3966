import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ServerDatabase {
  /** The new, empty database's URL. */
  url: string;
  /** Runs one query on it (a client of its own, closed after). */
  query<T extends pg.QueryResultRow>(text: string): Promise<T[]>;
  drop(): Promise<void>;
}

/**
 * An empty database of its own on the PostgreSQL server DATABASE_URL names, for tests that start real server
 * processes on it: no template copy, no migrations, as a first deploy finds it.
 */
export async function createEmptyServerDatabase(serverUrl: string): Promise<ServerDatabase> {
  const name = `keeb_cluster_${randomBytes(5).toString('hex')}`;
  const adminUrl = new URL(serverUrl);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async query<T extends pg.QueryResultRow>(text: string) {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        return (await client.query<T>(text)).rows;
      } finally {
        await client.end();
      }
    },
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl.toString() });
      await client.connect();
      // FORCE: a process the test killed may have left a backend that has not noticed yet.
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
