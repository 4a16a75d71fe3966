import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './app';
import { userTablesChecksum } from './checksum';
import { createItem, createUser } from './factories';

const t = useTestApp();

/** The helper the "a refusal changes nothing" assertions stand on: it must see any change, and only changes. */
describe('userTablesChecksum', () => {
  it('is the same while nothing changes, and changes with any insert, update or delete, reference tables too', async () => {
    const db = t.db.db;
    const user = await createUser(db);
    const empty = await userTablesChecksum(db);
    expect(await userTablesChecksum(db)).toBe(empty);

    const item = await createItem(db, user.id);
    const withItem = await userTablesChecksum(db);
    expect(withItem).not.toBe(empty);

    await db.execute(sql`update items set name = 'Renamed' where id = ${item.id}`);
    const renamed = await userTablesChecksum(db);
    expect(renamed).not.toBe(withItem);

    // A table no test names: the reference data.
    await db.execute(sql`update regions set name = name || ' ' where code = 'US'`);
    expect(await userTablesChecksum(db)).not.toBe(renamed);
    await db.execute(sql`update regions set name = rtrim(name) where code = 'US'`);
    expect(await userTablesChecksum(db)).toBe(renamed);

    await db.execute(sql`delete from item_shipping where item_id = ${item.id}`);
    expect(await userTablesChecksum(db)).not.toBe(renamed);
  });

  it('leaves out the bookkeeping a request writes without changing anyone’s data (rate limits, sessions)', async () => {
    const db = t.db.db;
    const before = await userTablesChecksum(db);
    await db.execute(sql`insert into rate_limits (key, points, expire) values ('test:checksum', 1, now() + interval '1 minute')`);
    expect(await userTablesChecksum(db)).toBe(before);
  });
});
