import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/db';
import { isoFromJson, jsonArrayRow, jsonRows } from './client';

describe('isoFromJson', () => {
  it('writes what Date#toISOString would, from every fraction length of a UTC session', () => {
    for (const text of [
      '2026-11-21T12:39:30+00:00',
      '2026-11-21T12:39:30.2+00:00',
      '2026-11-21T12:39:30.21+00:00',
      '2026-11-21T12:39:30.211+00:00',
      '2026-11-21T12:39:30.2113+00:00',
      '2026-11-21T12:39:30.211328+00:00',
      '2026-11-21T12:39:30.999999+00:00',
      '1999-12-31T23:59:59.000001+00:00',
    ]) {
      expect(isoFromJson(text)).toBe(new Date(text).toISOString());
    }
    expect(isoFromJson('2026-11-21T12:39:30.2+00:00')).toBe('2026-11-21T12:39:30.200Z');
  });

  it('takes any other offset through Date', () => {
    expect(isoFromJson('2026-11-21T13:39:30.211328+01:00')).toBe('2026-11-21T12:39:30.211Z');
    expect(isoFromJson('2026-11-21T07:09:30.5-05:30')).toBe('2026-11-21T12:39:30.500Z');
  });
});

describe('jsonRows', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.destroy());

  it('answers each row of a jsonArrayRow select as its values, typed by JSON, in order', async () => {
    const query = db.db
      .select(jsonArrayRow([sql`${'2026-11-21T12:39:30.211Z'}::timestamptz`, sql`${'{a,"b c"}'}::text[]`, sql`${7}::integer`, sql`null`, sql`true`, sql`${'O\'Brien "quoted"'}::text`]))
      .from(sql`generate_series(1, 2)`)
      .toSQL();
    const expected = [['2026-11-21T12:39:30.211Z', ['a', 'b c'], 7, null, true, 'O\'Brien "quoted"']];
    const read = async (name?: string) => (await jsonRows(db.db, query, name)).map(([at, ...rest]) => [isoFromJson(at as string), ...rest]);
    expect(await read()).toEqual([...expected, ...expected]);
    // Named: prepared on PostgreSQL, PREPAREd and EXECUTEd on PGlite; the same values either way, twice.
    for (let i = 0; i < 2; i++) expect(await read('client_test_json_rows')).toEqual([...expected, ...expected]);
  });
});

// Issue 37: a statement whose estimated cost passed jit_above_cost was compiled on every execution (60 ms for 0.2 ms
// of work: the facets at the filters' bounds). The API's pools turn JIT off; PGlite has none to turn off.
describe.runIf(process.env.DATABASE_URL)('the API on a PostgreSQL server', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.destroy());

  it('compiles no statement (jit off on every connection of its pools)', async () => {
    const rows = await jsonRows(db.db, { sql: "select json_build_array(current_setting('jit'))::text", params: [] });
    expect(rows).toEqual([['off']]);
    const generic = await jsonRows(db.db, { sql: "select json_build_array(current_setting('jit'), current_setting('plan_cache_mode'))::text", params: [] }, 'jit_generic_probe', 'generic');
    expect(generic).toEqual([['off', 'force_generic_plan']]);
  });
});
