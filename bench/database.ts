/** The bench's own database: PostgreSQL `keeb_bench` (created when missing) or a PGlite directory per N. */
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres, type DatabaseHandle } from '../apps/api/src/db/client';

export type Driver = 'pg' | 'pglite';

export interface Target {
  driver: Driver;
  /** PostgreSQL: the bench database's URL. */
  url?: string;
  /** PGlite: the API's DATA_DIR (the database lives in its db/ folder). */
  dataDir?: string;
}

const PROTECTED = new Set(['postgres', 'test', 'template0', 'template1']);

export function targetFor(driver: Driver, n: number, url: string, root: string): Target {
  if (driver === 'pglite') return { driver, dataDir: path.join(root, 'data', 'bench', `pglite-${n}`) };
  const name = new URL(url).pathname.replace(/^\//, '');
  if (!name || PROTECTED.has(name)) throw new Error(`refusing to fill database "${name}": give the bench its own (e.g. keeb_bench)`);
  return { driver, url };
}

/** CREATE DATABASE when it does not exist yet, connected to the server's maintenance database. */
export async function ensurePgDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

export async function openTarget(target: Target): Promise<DatabaseHandle> {
  if (target.driver === 'pg') {
    await ensurePgDatabase(target.url!);
    return openPostgres(target.url!);
  }
  return openPglite({ dataDir: path.join(target.dataDir!, 'db') });
}
