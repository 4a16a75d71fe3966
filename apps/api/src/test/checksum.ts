import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/**
 * Tables a request may write without changing anyone's data: rate-limit counters and session rows (rolling
 * sessions touch their expiry on every call).
 */
const BOOKKEEPING = new Set(['rate_limits', 'sessions', '__drizzle_migrations']);

/**
 * One hash of every row of every table in the public schema (except bookkeeping), so a test can assert that a
 * refused request changed nothing at all, in tables it did not think of too.
 */
export async function userTablesChecksum(db: Database): Promise<string> {
  const parts = (await tableNames(db)).map((name) => sql`select ${name} || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as h from ${sql.identifier(name)} t`);
  const union = sql.join(parts, sql` union all `);
  const result = await db.execute<{ sum: string }>(sql`select md5(string_agg(h, ',' order by h)) as sum from (${union}) s`);
  return rowsOf<{ sum: string }>(result)[0]?.sum ?? '';
}

/** The tables are fixed once migrated: looked up once per database (the fuzz test hashes after every call). */
const tablesOf = new WeakMap<Database, Promise<string[]>>();
function tableNames(db: Database): Promise<string[]> {
  let names = tablesOf.get(db);
  if (!names) {
    names = db
      .execute<{ name: string }>(sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`)
      .then((result) => rowsOf<{ name: string }>(result).map((r) => r.name).filter((name) => !BOOKKEEPING.has(name)));
    tablesOf.set(db, names);
  }
  return names;
}

/** node-postgres answers `{ rows }`, PGlite through drizzle answers `{ rows }` too; some drivers answer an array. */
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}
