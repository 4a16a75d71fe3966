/**
 * Fills the bench database with N listings in a few set-based statements (generate_series), after the app's own
 * migrations and reference data. Secondary indexes are dropped for the load and rebuilt from their own
 * definitions afterwards (a bulk build is much faster than N index inserts), then VACUUM ANALYZE.
 */
import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle, Queryable } from '../apps/api/src/db/client';
import { seedReferenceData } from '../apps/api/src/db/seed/reference';
import { SPECS, tagsOf } from './specs-fill';
import * as v from './vocabulary';

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;
const array = (words: readonly string[]) => `ARRAY[${words.map(quote).join(',')}]::text[]`;
/** One word of the list, drawn per row (random() is volatile: evaluated again for every row). */
const pick = (words: readonly string[]) => `(${array(words)})[1 + floor(random() * ${words.length})::int]`;

async function rows<T>(db: Queryable, text: string): Promise<T[]> {
  const result = (await db.execute(sql.raw(text))) as unknown as { rows: T[] };
  return result.rows;
}
const run = (db: Queryable, text: string) => db.execute(sql.raw(text));

/** Sellers: a few thousand, more for bigger N (about one per 300 listings, at least 50). */
export const sellerCount = (n: number) => Math.max(50, Math.min(5000, Math.round(n / 300)));

const NAME = `case cat
  when 'keycaps' then ${pick(v.KEYCAP_PROFILES)} || ' ' || ${pick(v.KEYCAP_SETS)} || ${pick(v.KEYCAP_KITS)}
  when 'keyboards' then ${pick(v.BOARDS)} || ' ' || ${pick(v.BOARD_SIZES)} || ' ' || ${pick(v.BOARD_COLOURS)} || ${pick(v.BOARD_EXTRAS)}
  when 'parts' then case when random() < 0.6
    then ${pick(v.SWITCH_COUNTS)} || ' ' || ${pick(v.SWITCHES)} || ' switches, ' || ${pick(v.SWITCH_STATES)}
    else ${pick(v.PARTS)} || ' for ' || ${pick(v.BOARDS)} end
  when 'artisan' then ${pick(v.ARTISAN_MAKERS)} || ' ' || ${pick(v.ARTISAN_SCULPTS)} || ' ' || ${pick(v.ARTISAN_COLOURS)}
  else ${pick(v.ACCESSORY_THEMES)} || ' ' || ${pick(v.ACCESSORIES)} end`;

const DESCRIPTION = `${pick(v.DESCRIPTION_OPENERS)} || ' ' || ${pick(v.DESCRIPTION_DETAILS)} || ' ' || ${pick(v.DESCRIPTION_DETAILS)} || ' ' || ${pick(v.DESCRIPTION_CLOSERS)}`;

/** Dollar prices 5-1500, log-spread, whole dollars or .99 (many ties), keyboards dearer, accessories cheaper. */
const PRICE = `greatest(500, least(150000, (round(exp(ln(5) + random() * ln(300)) * case cat when 'keyboards' then 2.5 when 'accessories' then 0.5 else 1 end) * 100
  - case when random() < 0.2 then 1 else 0 end)::int))`;

export async function itemCount(db: Database): Promise<number> {
  const [row] = await rows<{ n: string | number }>(db, 'select count(*) as n from items');
  return Number(row?.n ?? 0);
}

export async function fill(handle: DatabaseHandle, n: number, log: (line: string) => void): Promise<void> {
  const started = Date.now();
  await handle.migrate();
  await seedReferenceData(handle.db);
  // One transaction: an interrupted fill leaves the previous data and every index as they were.
  await handle.db.transaction((tx) => load(tx, n, log));
  await run(handle.db, 'vacuum analyze');
  const [order] = await rows<{ c: number }>(handle.db, `select correlation as c from pg_stats where tablename = 'items' and attname = 'time_listed'`);
  log(`  heap order follows time_listed: correlation ${Number(order?.c).toFixed(3)}`);
  log(`  filled and analysed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

async function load(db: Queryable, n: number, log: (line: string) => void): Promise<void> {
  const step = async (what: string, text: string) => {
    const t = Date.now();
    await run(db, text);
    log(`  ${what} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  };
  // Only bench rows live in this database: start from empty tables.
  await run(db, 'truncate item_saves, item_shipping, item_comments, items, search_words, users cascade');
  const indexes = await rows<{ indexname: string; indexdef: string }>(
    db,
    `select indexname, indexdef from pg_indexes where schemaname = 'public' and tablename in ('items', 'item_shipping', 'item_saves')
       and indexname not in (select conname from pg_constraint)`,
  );
  for (const index of indexes) await run(db, `drop index "${index.indexname}"`);
  // Foreign keys hold by construction; skipping their per-row triggers makes the load several times faster.
  await run(db, `set local session_replication_role = replica`);
  await run(db, `set local maintenance_work_mem = '512MB'`);
  await run(db, `set local work_mem = '256MB'`);

  const sellers = sellerCount(n);
  await step(
    `${sellers} sellers`,
    `insert into users (username, email, shipping_region_code, bio, email_confirmed_at, created_at)
     select ${pick(v.HANDLE_PARTS)} || '_' || ${pick(v.HANDLE_PARTS)} || g, 'bench' || g || '@example.test', ${pick(v.WEIGHTED_REGIONS)},
            'Bench seller', now(), now() - interval '3 years'
     from generate_series(1, ${sellers}) g`,
  );
  // Sellers are skewed (random()^2): the busiest has a couple of percent of all listings, most have a few dozen.
  await step(
    `${n} listings`,
    `insert into items (seller_id, category_id, sale_type_id, name, description, price_cents, payment_email, offers_accepted,
                        is_fixed_price, photos, thumbnail, approval_status, purchaser_id, price_sold_cents, sold_at, save_count,
                        time_listed, created_at, removed_at, ship_regions, specs, spec_tags)
     select s.ids[1 + floor(s.n * random() ^ 2)::int], cat, case when random() < 0.1 then 'vendor' else 'individual' end,
            ${NAME}, ${DESCRIPTION}, price, 'seller@example.test', offers, not offers or random() < 0.5,
            array['/uploads/bench/' || g || '.jpg'], '/uploads/bench/' || g || '-thumb.jpg',
            (case when st < 0.90 then 'approved' when st < 0.97 then 'pending' else 'rejected' end)::approval_status,
            case when st < 0.036 then s.ids[1 + floor(s.n * random())::int] end, case when st < 0.036 then price end,
            case when st < 0.036 then least(now(), listed + random() * interval '60 days') end,
            case when random() < 0.2 then 1 + floor(random() ^ 3 * 20)::int else 0 end,
            listed, listed, case when random() < 0.01 then now() end,
            -- 1-3 regions (the US and the EU most common); item_shipping gets one row for each below. The app's
            -- trigger that keeps this column is off during the load (replica role).
            array(select distinct r from (select ${pick(v.WEIGHTED_REGIONS)} as r from generate_series(0, g % 3)) x order by r),
            sp.specs, ${tagsOf('sp.specs')}
     from (select g, ${pick(v.WEIGHTED_CATEGORIES)} as cat, random() as st, random() < 0.7 as offers,
                  -- Two years of listings to the second, 5% of them on the hour (batch imports): ties on time_listed.
                  case when random() < 0.05 then date_trunc('hour', now() - random() * interval '730 days')
                       else date_trunc('second', now() - random() * interval '730 days') end as listed
           from generate_series(1, ${n}) g
           -- Stored in the order they were listed, as a live table grows: the heap follows time_listed.
           order by listed) x
     cross join lateral (select ${PRICE} as price) p
     -- Issue 29: specs by category (bench/specs-fill.ts) and their tags, as the items service writes both.
     cross join lateral (select ${SPECS} as specs) sp
     cross join (select array_agg(id order by id) as ids, count(*) as n from users) s`,
  );
  // The trigger that keeps the vocabulary is off during the load (replica role): the same words, set-based.
  await step(
    'search vocabulary',
    `insert into search_words (word) select distinct w from items, unnest(tsvector_to_array(to_tsvector('simple', name))) as w
     where w !~ '[''\\\\]' on conflict do nothing`,
  );
  await step(
    'shipping (a row per region of the listing)',
    `insert into item_shipping (item_id, region_code, price_cents)
     select i.id, r.code, (array[0, 500, 1000, 1500, 2500, 3500])[1 + floor(random() * 6)::int] from items i
     cross join unnest(i.ship_regions) as r(code)`,
  );
  // save_count already says how many; k steps through the users by a prime, so one user saves an item once.
  await step(
    'saves',
    `insert into item_saves (user_id, item_id, created_at)
     select s.ids[1 + (abs(hashtext(i.id::text)::bigint) + k * 7919) % s.n], i.id, least(now(), i.time_listed + k * interval '1 hour')
     from items i cross join generate_series(1, i.save_count) k
     cross join (select array_agg(id order by id) as ids, count(*)::int as n from users) s
     where i.save_count > 0`,
  );
  await run(db, `set local session_replication_role = origin`);
  for (const index of indexes) await step(`index ${index.indexname}`, index.indexdef);
  // Issue 29: the facet counters' trigger was off too (replica role): rebuilt set-based by the migration's own rule.
  await step('spec counters (spec_counts_rebuild)', 'select spec_counts_rebuild()');
  // Issue 37: so were the profile header's counts (user_counts, migration 0034).
  await step('user counters (user_counts_rebuild)', 'select user_counts_rebuild()');
}
