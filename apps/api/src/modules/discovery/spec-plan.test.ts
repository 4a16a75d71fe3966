import { sql, type SQLWrapper } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ITEM_PAGE_SIZE, ItemListQuerySchema, type ItemListQuery } from '@keeb/shared';
import { useTestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import * as repo from './list-page';
import { listOptionsFor } from './service';
import { SPEC_WALK_MIN_MATCHES, specPlanFor, type SpecPlan } from './spec-plan';

/**
 * Issue 37: a spec-filtered feed page reads its listings one of two ways, chosen from the combination's count in
 * spec_counts: a common one walks items_category_specs_idx (an index-only scan: the tags are in the index, so a
 * listing that does not match costs no heap read), a rare one reads its matches through items_spec_tags_idx and
 * sorts them. Both must list the same listings in the same order, page after page.
 */
const t = useTestApp({}, {}, { sharedRows: true });
const N = 10_000;

async function plan(query: SQLWrapper): Promise<string> {
  const result = (await t.db.db.execute(sql`explain ${query}`)) as unknown as { rows: Array<Record<string, string>> };
  return result.rows.map((r) => Object.values(r)[0]).join('\n');
}

const options = (query: ItemListQuery, specPlan?: SpecPlan) => ({ ...listOptionsFor({ kind: 'public' }, ItemListQuerySchema.parse(query)), specPlan });

type Combination = { categoryIds: string; size: string; mounting: string; sort?: 'def' | 'old' };
const common: Combination = { categoryIds: 'keyboards', size: '65%', mounting: 'hot-swap' };
const rare: Combination = { categoryIds: 'keyboards', size: 'numpad', mounting: 'solder' };
let awaySellerId = '';

/** Every page of a list through the API's repo calls, following each page's last listing (its time and id). */
async function pageThrough(query: ItemListQuery, specPlan: SpecPlan | undefined, awaySellerIds: string[]): Promise<string[]> {
  const seen: string[] = [];
  let cursor: Pick<ItemListQuery, 'ts' | 'cursorId'> = {};
  for (let n = 0; n < 200; n++) {
    const o = { ...options({ ...query, ...cursor }, specPlan), awaySellerIds };
    const rows = await repo.restOfTie(t.db.db, o, await repo.listPage(t.db.db, o), ITEM_PAGE_SIZE);
    seen.push(...rows.map((r) => r.id));
    if (rows.length < ITEM_PAGE_SIZE) return seen;
    const last = rows.at(-1)!;
    cursor = { ts: last.timeListed, cursorId: last.id };
  }
  throw new Error('paging did not end');
}

describe('spec-filtered pages: the plan chosen from the count (issue 37, both drivers)', () => {
  beforeAll(async () => {
    const seller = await createUser(t.db.db);
    const away = await createUser(t.db.db, { awayUntil: new Date(Date.now() + 86_400_000) });
    awaySellerId = away.id;
    // Two common sizes and a rare numpad (1 in 50, all solder); three listings share each time (ties across page
    // ends); a tenth pending, a tenth without specs, a quarter keycaps, one listing in 13 an away seller's.
    await t.db.db.execute(sql`
      insert into items (seller_id, category_id, name, description, price_cents, payment_email, offers_accepted, is_fixed_price,
                         photos, thumbnail, approval_status, time_listed, spec_tags)
      select case when g % 13 = 0 then ${away.id}::uuid else ${seller.id}::uuid end,
             case when g % 4 = 0 then 'keycaps' else 'keyboards' end, 'Board ' || g, 'Plan test.', 1000 + g, 'seller@example.test', true, true,
             array['/uploads/test/a.jpg'], '/uploads/test/a-thumb.jpg', case when g % 10 = 0 then 'pending' else 'approved' end::approval_status,
             timestamptz '2026-11-01T12:00:00Z' - (g / 3) * interval '1 minute',
             case when g % 4 = 0 or g % 10 = 1 then '{}'::text[]
                  when g % 50 = 3 then array['condition:used', 'mounting:solder', 'size:numpad']
                  else array['condition:used', 'mounting:' || case when g % 5 < 3 then 'hot-swap' else 'solder' end,
                             'size:' || (array['65%', '75%'])[1 + (g / 7) % 2]] end
      from generate_series(1, ${N}) g`);
    // The visibility map an index-only scan reads (autovacuum's work on a live database).
    await t.db.db.execute(sql`vacuum analyze items`);
  }, 300_000);

  it('counts the combination in spec_counts: a common one is walked, a rare one read by its matches', async () => {
    const count = async (q: Record<string, string>) => {
      const result = (await t.db.db.execute(sql`select count(*)::int as n from items where category_id = 'keyboards' and approval_status = 'approved'
        and purchaser_id is null and removed_at is null and spec_tags @> array[${`size:${q.size}`}, ${`mounting:${q.mounting}`}]::text[]`)) as unknown as { rows: Array<{ n: number }> };
      return result.rows[0]!.n;
    };
    expect(await count(common)).toBeGreaterThanOrEqual(SPEC_WALK_MIN_MATCHES);
    expect(await count(rare)).toBeGreaterThan(ITEM_PAGE_SIZE);
    expect(await count(rare)).toBeLessThan(SPEC_WALK_MIN_MATCHES);
    expect(await specPlanFor(t.db.db, options(common))).toBe('walk');
    expect(await specPlanFor(t.db.db, options(rare))).toBe('matches');
    expect(await specPlanFor(t.db.db, options({ ...common, ts: '2026-10-30T00:00:00.000Z' }))).toBe('walk');
    expect(await specPlanFor(t.db.db, options({ ...rare, sort: 'old' }))).toBe('matches');
    // A value the counters never saw: no listing, read by its (no) matches.
    expect(await specPlanFor(t.db.db, options({ categoryIds: 'keyboards', size: 'split' }))).toBe('matches');
    // Several values of one choice key add up: 65% or 75%, hot-swap.
    expect(await specPlanFor(t.db.db, options({ ...common, size: '65%,75%' }))).toBe('walk');
    // What the counters cannot answer is left to the planner, as before.
    for (const q of [
      { ...common, categoryIds: 'keyboards,keycaps' },
      { ...common, categoryIds: undefined },
      { ...common, sort: 'low' as const },
      { ...common, searchText: 'board' },
      { ...common, regions: 'EU' },
      { categoryIds: 'keyboards' },
    ]) {
      expect(await specPlanFor(t.db.db, options(q)), JSON.stringify(q)).toBeUndefined();
    }
  });

  it("keeps a combination's plan a minute (both plans read the same page), then reads its count again", async () => {
    const at = Date.now() + 3_600_000;
    expect(await specPlanFor(t.db.db, options(rare), () => at)).toBe('matches');
    const bump = (n: number) => t.db.db.execute(sql`update spec_counts set n = n + ${n} where category_id = 'keyboards' and tag_a = 'mounting:solder' and tag_b = 'size:numpad' and tag_c = ''`);
    await bump(SPEC_WALK_MIN_MATCHES);
    try {
      expect(await specPlanFor(t.db.db, options(rare), () => at + 59_999)).toBe('matches');
      expect(await specPlanFor(t.db.db, options(rare), () => at + 60_000)).toBe('walk');
    } finally {
      await bump(-SPEC_WALK_MIN_MATCHES);
    }
    expect(await specPlanFor(t.db.db, options(rare), () => at + 120_000)).toBe('matches');
  });

  it('walks the covering index for a common combination, first page and cursor page, with no heap read to filter', async () => {
    for (const q of [common, { ...common, ts: '2026-10-31T12:00:00.000Z', cursorId: '00000000-0000-4000-8000-000000000000' }, { ...common, sort: 'old' as const }]) {
      const text = await plan(repo.listQuery(t.db.db, { ...options(q, 'walk'), awaySellerIds: [awaySellerId] }));
      expect(text, text).toMatch(/Index Only Scan (Backward )?using items_category_specs_idx on items/);
      expect(text, text).not.toMatch(/items_spec_tags_idx|items_feed_idx|Seq Scan on items\b/);
    }
  });

  it('reads a rare combination through the GIN index and sorts its matches, never walking the feed', async () => {
    for (const q of [rare, { ...rare, ts: '2026-10-31T12:00:00.000Z', cursorId: '00000000-0000-4000-8000-000000000000' }, { ...rare, sort: 'old' as const }]) {
      const text = await plan(repo.listQuery(t.db.db, { ...options(q, 'matches'), awaySellerIds: [awaySellerId] }));
      expect(text, text).toMatch(/Bitmap Index Scan on items_spec_tags_idx/);
      expect(text, text).not.toMatch(/items_category_specs_idx|items_feed_idx|Seq Scan on items\b/);
    }
  });

  it('lists the same listings in the same order by either plan, page after page, in both directions', async () => {
    for (const q of [common, rare, { ...common, size: '65%,75%' }, { ...common, sort: 'old' }, { ...rare, sort: 'old' }] as Combination[]) {
      const newest = q.sort !== 'old';
      const tags = [`size:${q.size.split(',')[0]}`, `mounting:${q.mounting}`];
      const second = q.size.includes(',') ? `size:${q.size.split(',')[1]}` : tags[0]!;
      const expected = (await t.db.db.execute(sql`select id from items where category_id = 'keyboards' and approval_status = 'approved'
          and purchaser_id is null and removed_at is null and seller_id <> ${awaySellerId}::uuid
          and spec_tags @> array[${tags[1]}]::text[] and spec_tags && array[${tags[0]}, ${second}]::text[]
          order by ${newest ? sql`time_listed desc, id desc` : sql`time_listed, id`}`)) as unknown as { rows: Array<{ id: string }> };
      const ids = expected.rows.map((r) => r.id);
      expect(ids.length).toBeGreaterThan(ITEM_PAGE_SIZE);
      for (const specPlan of [undefined, 'walk', 'matches'] as const) {
        expect(await pageThrough(q, specPlan, [awaySellerId]), `${JSON.stringify(q)} ${specPlan}`).toEqual(ids);
      }
    }
  });

  it('the API pages a common and a rare combination as the SQL orders them (the plan chosen from the count)', async () => {
    const client = await t.client();
    for (const q of [common, rare]) {
      const expected = (await t.db.db.execute(sql`select id from items where category_id = 'keyboards' and approval_status = 'approved'
          and purchaser_id is null and removed_at is null and seller_id <> ${awaySellerId}::uuid
          and spec_tags @> array[${`size:${q.size}`}, ${`mounting:${q.mounting}`}]::text[] order by time_listed desc, id desc`)) as unknown as {
        rows: Array<{ id: string }>;
      };
      const seen: string[] = [];
      let cursor = '';
      for (let n = 0; n < 100; n++) {
        const res = await client.get(`/api/items?${new URLSearchParams(q)}${cursor}`);
        expect(res.status).toBe(200);
        seen.push(...res.body.map((i: { _id: string }) => i._id));
        if (res.body.length < ITEM_PAGE_SIZE) break;
        const last = res.body.at(-1);
        cursor = `&ts=${encodeURIComponent(last.timeListed)}&cursorId=${last._id}`;
      }
      expect(seen).toEqual(expected.rows.map((r) => r.id));
    }
  });
});
