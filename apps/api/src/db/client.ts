import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type ExtractTablesWithRelations, type SQLWrapper } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** Both drivers produce this: repos and services never know which one they run on. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repo functions take either the database or an open transaction. */
export type Queryable = Database | Tx;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'pg';
  /**
   * What the job queue (pg-boss, platform/jobs) runs on: PGlite's one in-process client, shared with drizzle,
   * or the server's connection string (pg-boss keeps a small pool of its own there).
   */
  jobsTarget: { backend: 'pglite'; client: import('@electric-sql/pglite').PGlite } | { backend: 'postgres'; connectionString: string };
  /** Applies the committed SQL migrations (idempotent). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** A query as drizzle renders it (`.toSQL()`), with its parameter values filled in. */
export interface RenderedQuery {
  sql: string;
  params: unknown[];
}
/**
 * How a named statement is planned: `kept` lets PostgreSQL choose between a generic plan and a plan per execution
 * by its cost estimates (plan_cache_mode auto); `generic` always runs the one generic plan, for statements whose
 * plan cannot depend on the values (an index walk fixed by the sort and scope). PostgreSQL: a pool of its own;
 * PGlite: the setting around the EXECUTE, in the same message.
 */
export type PlanReuse = 'kept' | 'generic';
type ArrayRunner = (query: RenderedQuery, name: string | undefined, reuse: PlanReuse) => Promise<unknown[][]>;
const arrayRunners = new WeakMap<object, ArrayRunner>();
/** The driver's clients under a handle: PGlite's one client, or both node-postgres pools (the generic plans' too). */
const driverClients = new WeakMap<object, () => object[]>();

/** Every client a handle's statements go through (the tests count the statements a request sends: test/statements.ts). */
export function driverClientsOf(db: Queryable): object[] {
  const clients = driverClients.get(db);
  if (!clients) throw new Error('driverClientsOf needs a database opened by openPglite or openPostgres');
  return clients();
}

/**
 * Runs a query straight through the driver, each row an array in select-list order (jsonRows reads its one
 * column): drizzle's result mapping (a type check per cell) was a tenth of the API's CPU per page. A name makes it
 * a prepared statement (see pgliteArrayRunner for PGlite). Only for the database itself, not a transaction.
 */
function arrayRows(db: Queryable, query: RenderedQuery, name?: string, reuse: PlanReuse = 'kept'): Promise<unknown[][]> {
  const run = arrayRunners.get(db);
  if (!run) throw new Error('arrayRows needs a database opened by openPglite or openPostgres, not a transaction');
  return run(query, name, reuse);
}

/** A select list of one column: the row's values as the text of a JSON array, in the order given (see jsonRows). */
export const jsonArrayRow = (columns: SQLWrapper[]) => ({ row: sql<string>`json_build_array(${sql.join(columns, sql`, `)})::text` });

/**
 * Runs a query selecting jsonArrayRow and answers each row's values in order. The drivers then read one text
 * field per row instead of one per column: PGlite copies every field into an ArrayBuffer of its own, and a feed
 * page's fifteen columns cost it 2.1 ms of CPU against 1.0 ms this way; node-postgres 0.35 against 0.19 ms, for
 * about 0.1 ms more in PostgreSQL to write the text. JSON gives numbers, booleans, nulls and arrays their types;
 * timestamps arrive as JSON text (isoFromJson).
 */
export async function jsonRows(db: Queryable, query: RenderedQuery, name?: string, reuse: PlanReuse = 'kept'): Promise<unknown[][]> {
  return (await arrayRows(db, query, name, reuse)).map((row) => JSON.parse(row[0] as string) as unknown[]);
}

/**
 * A timestamptz as PostgreSQL writes it into JSON, in the form `Date.prototype.toISOString` gives. A session in
 * UTC writes "2026-11-21T12:39:30.21+00:00" (up to six fraction digits, trailing zeros dropped), cut here into
 * "2026-11-21T12:39:30.210Z" with the fraction truncated to milliseconds, as a Date does; any other offset goes
 * through Date.
 */
export function isoFromJson(text: string): string {
  if (text.length >= 25 && text.length <= 32 && text[10] === 'T' && text.endsWith('+00:00')) {
    const fraction = text.length > 25 ? text.slice(19, Math.min(23, text.length - 6)).padEnd(4, '0') : '.000';
    return `${text.slice(0, 19)}${fraction}Z`;
  }
  return new Date(text).toISOString();
}

/**
 * PGlite's query API has no named statements, and planning is most of a list query's cost in WebAssembly
 * (0.84 ms of 1.1 ms for the first feed page). A named query is therefore PREPAREd once in PGlite's one session
 * and run as EXECUTE with its values written as literals (quoted by pg's escapeLiteral), which reuses the plan as
 * a prepared statement on PostgreSQL does.
 */
async function pgliteArrayRunner(client: import('@electric-sql/pglite').PGlite): Promise<ArrayRunner> {
  const { escapeLiteral } = (await import('pg')).default;
  // One PREPARE per name, also when requests for a new shape arrive together.
  const prepared = new Map<string, Promise<unknown>>();
  const literal = (value: unknown) =>
    value === undefined || value === null ? 'NULL' : typeof value === 'number' || typeof value === 'boolean' ? String(value) : escapeLiteral(String(value));
  return async (query, name, reuse) => {
    if (!name) return (await client.query<unknown[]>(query.sql, query.params, { rowMode: 'array' })).rows;
    let preparing = prepared.get(name);
    if (!preparing) {
      preparing = client.exec(`PREPARE ${name} AS ${query.sql}`);
      prepared.set(name, preparing);
      preparing.catch(() => prepared.delete(name)); // a failed PREPARE is tried again by the next call
    }
    await preparing;
    const args = query.params.length ? `(${query.params.map(literal).join(', ')})` : '';
    if (reuse === 'generic') {
      // One message, so no other query runs under the setting; an error rolls the SET back with the rest.
      const results = await client.exec(`SET plan_cache_mode = force_generic_plan; EXECUTE ${name}${args}; RESET plan_cache_mode`, { rowMode: 'array' });
      return (results[1]?.rows ?? []) as unknown[][];
    }
    return (await client.query<unknown[]>(`EXECUTE ${name}${args}`, [], { rowMode: 'array' })).rows;
  };
}

/** Found by walking up from this file, so it works from src/db (tsx, vitest) and from the dist/ bundle alike. */
export const migrationsFolder = findMigrationsFolder(path.dirname(fileURLToPath(import.meta.url)));

function findMigrationsFolder(from: string): string {
  for (let dir = from; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'drizzle');
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
  }
  throw new Error(`no drizzle migrations folder above ${from}`);
}

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob | File } = {}): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  // Extensions must be loaded on every open (search uses pg_trgm, fuzzystrmatch and btree_gin), not only when the
  // migration creates them.
  const [{ pg_trgm }, { fuzzystrmatch }, { btree_gin }] = await Promise.all([
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/fuzzystrmatch'),
    import('@electric-sql/pglite/contrib/btree_gin'),
  ]);
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    extensions: { pg_trgm, fuzzystrmatch, btree_gin },
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = drizzle({ client, schema }) as unknown as Database;
  arrayRunners.set(db, await pgliteArrayRunner(client));
  driverClients.set(db, () => [client]);
  return {
    db,
    driver: 'pglite',
    jobsTarget: { backend: 'pglite', client },
    migrate: () => migrate(drizzle({ client, schema }), { migrationsFolder }),
    close: () => client.close(),
  };
}

export async function openPostgres(connectionString: string): Promise<DatabaseHandle> {
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const server = await postgresDatabase(connectionString);
  // Fail fast with a clear error when the server refuses us, instead of on the first request.
  const probe = await server.pool.connect();
  probe.release();
  return {
    db: server.db,
    driver: 'pg',
    jobsTarget: { backend: 'postgres', connectionString },
    migrate: () => migrate(drizzle({ client: server.pool, schema }), { migrationsFolder }),
    close: server.close,
  };
}

/** A read-only handle on a streaming replica (db/replicas.ts): the pools only, nothing to migrate or queue. */
export interface ReplicaHandle {
  db: Database;
  close(): Promise<void>;
}

/**
 * A replica's handle. Unlike openPostgres it does not connect at once: a replica that is down at start-up is
 * skipped by the health probe, not fatal. The short connect timeout, and the query timeout for a server that froze,
 * bound what a request routed to a replica that has just died can wait before it is retried on the primary. The
 * pools' 'error' events (a replica that stops while connections are idle) are expected and must not crash the process.
 */
export async function openReplica(
  connectionString: string,
  { connectTimeoutMs, queryTimeoutMs }: { connectTimeoutMs: number; queryTimeoutMs: number },
): Promise<ReplicaHandle> {
  const server = await postgresDatabase(connectionString, { connectionTimeoutMillis: connectTimeoutMs, query_timeout: queryTimeoutMs }, () => undefined);
  return { db: server.db, close: server.close };
}

const NO_JIT = '-c jit=off';

/** drizzle on a node-postgres pool, with the array runner jsonRows and arrayRows use. */
async function postgresDatabase(
  connectionString: string,
  poolOptions: { connectionTimeoutMillis?: number; query_timeout?: number } = {},
  onIdleError?: (error: Error) => void,
) {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  // No JIT: PostgreSQL compiles a statement whose estimated cost passes jit_above_cost (100,000), and the facets at the
  // filters' bounds (72 free-text values, dozens of capped counts) passed it once the covering category index came
  // (issue 37): 60 ms of compiling for 0.2 ms of execution, each request. The API's statements are all short.
  const pool = new pg.Pool({ connectionString, max: 10, ...poolOptions, options: NO_JIT });
  if (onIdleError) pool.on('error', onIdleError);
  const db = drizzle({ client: pool, schema }) as unknown as Database;
  // plan_cache_mode is a setting of the session, so the statements that must always run their generic plan have
  // connections of their own, opened when first needed. PostgreSQL planned the price sort with a cursor anew on
  // every execution (its generic plan, the same index walk, is estimated a few cost units dearer than a plan for
  // the values): 0.2-0.45 ms of planning per page.
  let genericPool: InstanceType<typeof pg.Pool> | undefined;
  let closed = false;
  // A closed handle opens nothing new: its queries fail like the main pool's do.
  const generic = () => {
    if (closed) throw new Error('the database handle is closed');
    if (!genericPool) {
      genericPool = new pg.Pool({ connectionString, max: 10, ...poolOptions, options: `${NO_JIT} -c plan_cache_mode=force_generic_plan` });
      if (onIdleError) genericPool.on('error', onIdleError);
    }
    return genericPool;
  };
  driverClients.set(db, () => [pool, generic()]);
  arrayRunners.set(db, async (query, name, reuse) => {
    const runner = name && reuse === 'generic' ? generic() : pool;
    return (await runner.query<unknown[]>({ name, text: query.sql, values: query.params, rowMode: 'array' })).rows;
  });
  return {
    db,
    pool,
    close: async () => {
      closed = true;
      await genericPool?.end();
      await pool.end();
    },
  };
}

export function openDatabase(config: { databaseUrl?: string | undefined; dataDir: string }): Promise<DatabaseHandle> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite({ dataDir: path.join(config.dataDir, 'db') });
}
