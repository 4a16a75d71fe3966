import { sql, type SQLWrapper } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ItemListQuerySchema } from '@keeb/shared';
import { useTestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { facetFieldsOf, facetsQuery } from './facets';
import * as repo from './list-page';
import { listOptionsFor } from './service';

// The rows are written once (beforeAll) and only read: every test EXPLAINs over the same listings.
const t = useTestApp({}, {}, { sharedRows: true });
const N = 20_000;

/** EXPLAIN of a query on the test's driver (pg or PGlite), with the planner's default settings. */
async function plan(query: SQLWrapper): Promise<string> {
  const result = (await t.db.db.execute(sql`explain ${query}`)) as unknown as { rows: Array<Record<string, string>> };
  return result.rows.map((r) => Object.values(r)[0]).join('\n');
}

describe('spec filter and facet plans use indexes (issue 29, both drivers)', () => {
  beforeAll(async () => {
    const seller = await createUser(t.db.db);
    // Set-based, as a market spreads them: ten sizes, hot-swap 60%, four conditions; a tenth without specs.
    await t.db.db.execute(sql`
      insert into items (seller_id, category_id, name, description, price_cents, payment_email, offers_accepted, is_fixed_price,
                         photos, thumbnail, approval_status, time_listed, spec_tags)
      select ${seller.id}::uuid, case when g % 4 = 0 then 'keycaps' else 'keyboards' end, 'Board ' || g, 'Plan test.', 1000 + g, 'seller@example.test', true, true,
             array['/uploads/test/a.jpg'], '/uploads/test/a-thumb.jpg', case when g % 10 = 0 then 'pending' else 'approved' end::approval_status,
             now() - g * interval '1 minute',
             case when g % 4 = 0 or g % 10 = 1 then '{}'::text[] else array[
               'condition:' || (array['used', 'used-like-new', 'new-in-box', 'for-parts'])[1 + g % 4],
               'mounting:' || case when g % 5 < 3 then 'hot-swap' else 'solder' end,
               'size:' || (array['40%', '60%', '65%', '75%', 'tkl', '1800', 'full', 'alice/ergonomic', 'split', 'numpad'])[1 + (g / 7) % 10]] end
      from generate_series(1, ${N}) g`);
    await t.db.db.execute(sql`analyze items`);
  });

  const twoSpecs = { categoryIds: 'keyboards', size: '65%', mounting: 'hot-swap' };

  it('a two-spec filtered page', async () => {
    const text = await plan(repo.listQuery(t.db.db, listOptionsFor({ kind: 'public' }, ItemListQuerySchema.parse(twoSpecs))));
    expect(text).toMatch(/Index/);
    expect(text).not.toMatch(/Seq Scan on items\b/);
  });

  it('the facet counts of a two-spec query', async () => {
    const options = listOptionsFor({ kind: 'public' }, ItemListQuerySchema.parse(twoSpecs));
    const text = await plan(facetsQuery(options, facetFieldsOf(['keyboards'])));
    expect(text).toMatch(/items_spec_tags_idx/);
    expect(text).not.toMatch(/Seq Scan on items\b/);
  });
});
