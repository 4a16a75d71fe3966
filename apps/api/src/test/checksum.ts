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
  const tables = await db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const names = rowsOf<{ name: string }>(tables)
    .map((r) => r.name)
    .filter((name) => !BOOKKEEPING.has(name));
  const parts = names.map((name) => sql`select ${name} || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as h from ${sql.identifier(name)} t`);
  const union = sql.join(parts, sql` union all `);
  const result = await db.execute<{ sum: string }>(sql`select md5(string_agg(h, ',' order by h)) as sum from (${union}) s`);
  return rowsOf<{ sum: string }>(result)[0]?.sum ?? '';
}

/** node-postgres answers `{ rows }`, PGlite through drizzle answers `{ rows }` too; some drivers answer an array. */
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}
