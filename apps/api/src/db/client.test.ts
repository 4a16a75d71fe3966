import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/db';
import { arrayRows, isoTimestamp } from './client';

const parseTimestamp = pg.types.getTypeParser(1184, 'text') as (text: string) => Date;
const viaDate = (text: string) => parseTimestamp(text).toISOString();

describe('isoTimestamp', () => {
  it('writes what a Date would, from every fraction length of a UTC session', () => {
    for (const text of [
      '2026-11-21 12:39:30+00',
      '2026-11-21 12:39:30.2+00',
      '2026-11-21 12:39:30.21+00',
      '2026-11-21 12:39:30.211+00',
      '2026-11-21 12:39:30.2113+00',
      '2026-11-21 12:39:30.211328+00',
      '2026-11-21 12:39:30.999999+00',
      '1999-12-31 23:59:59.000001+00',
    ]) {
      expect(isoTimestamp(text, parseTimestamp)).toBe(viaDate(text));
    }
    expect(isoTimestamp('2026-11-21 12:39:30.211328+00', parseTimestamp)).toBe('2026-11-21T12:39:30.211Z');
  });

  it('hands any other form to the driver’s parser', () => {
    for (const text of ['2026-11-21 13:39:30.211328+01', '2026-11-21 07:09:30.5-05:30', '12026-11-21 12:39:30+00']) {
      expect(isoTimestamp(text, parseTimestamp)).toBe(viaDate(text));
    }
    expect(isoTimestamp('2026-11-21 13:39:30.211328+01', parseTimestamp)).toBe('2026-11-21T12:39:30.211Z');
  });
});

describe('arrayRows', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.destroy());

  it('reads rows as arrays, timestamps with time zone as ISO text, other values as the driver parses them', async () => {
    const query = {
      sql: `select $1::timestamptz as at, $2::text[] as tags, $3::integer as n, $4::timestamp as local`,
      params: ['2026-11-21T12:39:30.211328Z', '{a,b}', 7, '2026-11-21 12:39:30'],
    };
    const expected = ['2026-11-21T12:39:30.211Z', ['a', 'b'], 7];
    const [unnamed] = await arrayRows(db.db, query);
    expect(unnamed!.slice(0, 3)).toEqual(expected);
    // A timestamp without time zone is left to the driver (a Date), as before.
    expect(unnamed![3]).toBeInstanceOf(Date);
    // Named: prepared on PostgreSQL, PREPAREd and EXECUTEd on PGlite; the same values either way, twice.
    for (let i = 0; i < 2; i++) expect((await arrayRows(db.db, query, 'client_test_array_rows'))[0]!.slice(0, 3)).toEqual(expected);
  });
});
