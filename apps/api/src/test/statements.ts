import { vi } from 'vitest';
import { driverClientsOf, type Database } from '../db/client';

/** A statement's text, from the first argument of the client's query or exec (a string or a query config). */
const textOf = (arg: unknown): string => (typeof arg === 'string' ? arg : typeof arg === 'object' && arg && 'text' in arg ? String(arg.text) : String(arg));

/**
 * What each process caches and reads again on its own clock, left out of the count: the job queue's polling, which
 * shares PGlite's client (its tables are in schema pgboss), the away sellers (a second, accounts/away), a search
 * text's expansion (a minute, search_tsqueries) and a search window's length and the word statistics (ten minutes,
 * search-window.ts).
 */
const CACHE_REFRESH = /\bpgboss\.|"away_until" > now\(\)|search_tsqueries\(|\bpg_stats\b|\boffset\b/;

/**
 * The statements the app sends while `send` runs: every query and exec of the client underneath drizzle (PGlite's
 * one client, or node-postgres's two pools, the generic plans' too; a pool's own connect() is not counted, pool.query calls it once per
 * query), the caches' refreshes above left out: only the request's own statements.
 */
export async function statementsDuring<T>(db: Database, send: () => PromiseLike<T>): Promise<{ result: T; statements: number; texts: string[] }> {
  const clients = driverClientsOf(db) as Array<Record<string, (...args: unknown[]) => unknown>>;
  const spies = clients.flatMap((client) => (['query', 'exec'] as const).filter((name) => typeof client[name] === 'function').map((name) => vi.spyOn(client, name)));
  try {
    const result = await send();
    const texts = spies.flatMap((spy) => spy.mock.calls.map((call) => textOf(call[0]))).filter((text) => !CACHE_REFRESH.test(text));
    return { result, statements: texts.length, texts };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}
