import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, type DatabaseHandle } from '../db/client';

/** Tables holding user data; reference tables (categories, regions...) keep their seeded rows. */
export const USER_DATA_TABLES = ['payment_events', 'follows', 'item_comments', 'item_saves', 'item_shipping', 'items', 'local_payment_orders', 'search_words', 'spec_counts', 'sessions', 'rate_limits', 'users'];

export interface TestDatabase extends DatabaseHandle {
  /** Empties every user-data table; reference data stays. */
  reset(): Promise<void>;
  /** Closes and, on a PostgreSQL server, drops this file's database. */
  destroy(): Promise<void>;
}

/**
 * A database of its own on the PostgreSQL server, copied from the migrated test template (`pgTemplateUrl`):
 * answers its URL and how to drop it once every connection to it has closed.
 */
export async function copyOfTemplate(templateUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const template = new URL(templateUrl).pathname.slice(1);
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const serverUrl = new URL(templateUrl);
  serverUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: serverUrl.toString() });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  const url = new URL(templateUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      // Not WITH (FORCE): pg's pool.end() resolves before its sockets have closed, and terminating a backend
      // that is still saying goodbye surfaces as an uncaught error. Retry briefly until the last one has left.
      for (let attempt = 0; ; attempt++) {
        try {
          await admin.query(`drop database if exists ${name}`);
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      await admin.end();
    },
  };
}

/**
 * How a test empties the user tables: what `TRUNCATE <USER_DATA_TABLES> CASCADE` empties (those tables and every
 * table whose foreign keys lead to them, read from the catalog once per database), with DELETEs in one statement.
 * TRUNCATE gives each of the 40 tables new files, 50-60 ms on PGlite before every one of a thousand API tests;
 * deleting the few rows a test wrote takes 10 ms. Foreign keys and triggers are not checked while deleting
 * (session_replication_role = replica, for this statement's transaction only): every table they could touch is
 * emptied by the same statement.
 */
async function userTablesEmptier(handle: DatabaseHandle): Promise<() => Promise<void>> {
  const closure = (await handle.db.execute(sql`
    with recursive emptied(oid) as (
      select c.oid from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relname in (${sql.join(USER_DATA_TABLES.map((name) => sql`${name}`), sql`, `)})
      union
      select con.conrelid from pg_constraint con join emptied on con.confrelid = emptied.oid where con.contype = 'f'
    )
    select relname from pg_class where oid in (select oid from emptied) order by relname`)) as unknown as { rows: { relname: string }[] };
  const deletes = closure.rows.map(({ relname }) => `delete from "${relname}";`).join(' ');
  const statement = sql.raw(`do $$ begin set local session_replication_role = replica; ${deletes} end $$`);
  return async () => {
    await handle.db.execute(statement);
  };
}

/** A fresh migrated and seeded database for one test file: a template copy (server) or a loaded dump (PGlite). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const templateUrl = inject('pgTemplateUrl');
  let handle: DatabaseHandle;
  let drop = async () => {};
  if (templateUrl) {
    const copy = await copyOfTemplate(templateUrl, 'keeb_test');
    handle = await openPostgres(copy.url);
    drop = copy.drop;
  } else {
    const dumpFile = inject('pgliteDump');
    if (!dumpFile) throw new Error('the api test project needs its global setup');
    handle = await openPglite({ loadDataDir: new Blob([await readFile(dumpFile)]) });
  }
  const emptyUserTables = await userTablesEmptier(handle);
  return {
    ...handle,
    reset: emptyUserTables,
    async destroy() {
      // Tolerates a handle a test already closed on purpose.
      await handle.close().catch(() => undefined);
      await drop();
    },
  };
}
