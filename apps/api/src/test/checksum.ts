import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../db/client';

/**
 * Tables a request may write without changing anyone's data: rate-limit counters and session rows (rolling
 * sessions touch their expiry on every call).
 */
const BOOKKEEPING = new Set(['rate_limits', 'sessions', '__drizzle_migrations']);

/**
 * One hash of every row of every table in the public schema (except bookkeeping), so a test can assert that a
 * refused request changed nothing at all, in tables it did not think of too.
 *
 * The statement is a union over some fifty tables; planning it took most of its 4 ms on PGlite, and the fuzz test
 * hashes after each of its ~3,800 calls. So it lives in a PL/pgSQL function, created once per database, which plans
 * it once and keeps the plan: the same rows hashed the same way, in a third of the time.
 */
export async function userTablesChecksum(db: Database): Promise<string> {
  await checksumFunction(db);
  const result = await db.execute<{ sum: string }>(sql`select test_support.user_tables_checksum() as sum`);
  return rowsOf<{ sum: string }>(result)[0]?.sum ?? '';
}

/** The tables are fixed once migrated: the function is written once per database, with them named in it. */
const functionOf = new WeakMap<Database, Promise<void>>();
function checksumFunction(db: Database): Promise<void> {
  let ready = functionOf.get(db);
  if (!ready) {
    ready = (async () => {
      const names = rowsOf<{ name: string }>(
        await db.execute<{ name: string }>(sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`),
      )
        .map((r) => r.name)
        .filter((name) => !BOOKKEEPING.has(name));
      const parts = names.map((name) => `select ${pg.escapeLiteral(name)} || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as h from public.${pg.escapeIdentifier(name)} t`);
      await db.execute(sql.raw(`create schema if not exists test_support`));
      await db.execute(
        sql.raw(`create or replace function test_support.user_tables_checksum() returns text language plpgsql as $checksum$
          declare result text;
          begin
            select md5(string_agg(h, ',' order by h)) into result from (${parts.join(' union all ')}) s;
            return coalesce(result, '');
          end
          $checksum$`),
      );
    })();
    // A failed creation is not kept: the next call tries again.
    ready.catch(() => functionOf.delete(db));
    functionOf.set(db, ready);
  }
  return ready;
}

/** node-postgres answers `{ rows }`, PGlite through drizzle answers `{ rows }` too; some drivers answer an array. */
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}
