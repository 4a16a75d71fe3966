import { sql, type SQLWrapper } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ItemListQuerySchema, SPEC_KEYS, specTags, type ItemListQuery, type ItemSpecs } from '@keeb/shared';
import { useTestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { counterPlan, countedSpecKeys } from './facet-counters';
import { facetCounts, facetFieldsOf, facetsQuery, facetsStatement } from './facets';
import { listOptionsFor } from './service';

/** Issue 29: the maintained facet counters (spec_counts, migration 0031) and the facets read from them. Both drivers. */
const t = useTestApp();

const rowsOf = async <T,>(query: SQLWrapper) => ((await t.db.db.execute(query)) as unknown as { rows: T[] }).rows;

/** The counter rows that differ from a fresh set-based recount (rows kept at 0 count as absent). */
const drift = () =>
  rowsOf(sql`select coalesce(m.category_id, r.category_id) as category_id, coalesce(m.tag_a, r.tag_a) as a, coalesce(m.tag_b, r.tag_b) as b,
                    coalesce(m.tag_c, r.tag_c) as c, m.n as kept, r.n as counted
             from (select * from spec_counts where n <> 0) m
             full join spec_counts_recount() r on m.category_id = r.category_id and m.tag_a = r.tag_a and m.tag_b = r.tag_b and m.tag_c = r.tag_c
             where m.n is distinct from r.n`);

const single = async (categoryId: string, tag: string) =>
  (await rowsOf<{ n: number }>(sql`select n from spec_counts where category_id = ${categoryId} and tag_a = ${tag} and tag_b = '' and tag_c = ''`))[0]?.n ?? 0;

const optionsOf = (query: Record<string, string>) => listOptionsFor({ kind: 'public' }, ItemListQuerySchema.parse(query) as ItemListQuery);

/** A market's worth of listings, set-based: keyboards, keycaps and switches with overlapping specs; some not public. */
async function fill(n: number) {
  const seller = await createUser(t.db.db);
  const buyer = await createUser(t.db.db);
  await t.db.db.execute(sql`
    insert into items (seller_id, category_id, name, description, price_cents, payment_email, offers_accepted, is_fixed_price,
                       photos, thumbnail, approval_status, purchaser_id, time_listed, spec_tags)
    select ${seller.id}::uuid, (array['keyboards', 'keyboards', 'keyboards', 'keycaps', 'parts'])[1 + g % 5], 'Listing ' || g, 'Counter test.', 1000 + g,
           'seller@example.test', true, true, array['/uploads/test/a.jpg'], '/uploads/test/a-thumb.jpg',
           case when g % 13 = 0 then 'pending' else 'approved' end::approval_status, case when g % 17 = 0 then ${buyer.id}::uuid end,
           now() - g * interval '1 minute',
           array_remove(case g % 5
             when 3 then array['profile:' || (array['cherry', 'sa', 'oem'])[1 + (g / 5) % 3], 'material:' || (array['pbt', 'abs'])[1 + (g / 7) % 2],
                               case when g % 4 = 0 then 'maker:gmk' when g % 4 = 1 then 'maker:epbt' end,
                               case when g % 3 = 0 then 'kits:base' end, case when g % 6 = 0 then 'kits:novelties' end,
                               case when g % 7 > 0 then 'condition:' || (array['used', 'new-in-box'])[1 + g % 2] end]
             when 4 then array['kind:switches', 'switchType:' || (array['linear', 'tactile', 'clicky'])[1 + (g / 5) % 3],
                               case when g % 3 > 0 then 'lubed:' || (g % 2 = 0)::text end, case when g % 4 > 0 then 'filmed:' || (g % 3 = 0)::text end,
                               'quantity:' || (array['70', '90'])[1 + g % 2], 'condition:used']
             else array['size:' || (array['65%', '75%', 'tkl', '60%', 'full'])[1 + (g * 7) % 5], 'mounting:' || case when g % 5 < 3 then 'hot-swap' else 'solder' end,
                        case when g % 6 > 0 then 'layout:' || (array['ansi', 'iso', 'jis', 'other'])[1 + (g / 3) % 4] end,
                        case when g % 4 = 0 then 'includes:keycaps' end, case when g % 4 < 2 then 'includes:switches' end,
                        case when g % 9 > 1 then 'condition:' || (array['used', 'used-like-new', 'for-parts'])[1 + (g / 2) % 3] end]
           end, null)
    from generate_series(1, ${n}) g`);
}

describe('spec_counts, the maintained facet counters (issue 29, both drivers)', () => {
  it("counts the keys CATEGORY_SPECS lists as 'choice', 'multi' or 'flag', no other", async () => {
    const every = SPEC_KEYS.map((key) => `${key}:x`);
    const [row] = await rowsOf<{ tags: string[] }>(sql`select spec_counted_tags(array[${sql.join(every.map((tag) => sql`${tag}`), sql`, `)}]::text[]) as tags`);
    const counted = row!.tags.map((tag) => tag.slice(0, tag.indexOf(':')));
    expect([...counted].sort()).toEqual([...countedSpecKeys()].sort());
    expect(counted).not.toContain('maker');
    expect(counted).not.toContain('quantity');
    expect(counted).toContain('includes');
    expect(counted).toContain('lubed');
  });

  it('equal a fresh recount after creating, approving, editing, recategorising, selling and removing listings', async () => {
    const owner = await createUser(t.db.db, { emailConfirmedAt: new Date(), phoneVerifiedAt: new Date() });
    const admin = await createUser(t.db.db, { isAdmin: true });
    const buyer = await createUser(t.db.db);
    const client = await t.clientAs(owner.id);
    const adminClient = await t.clientAs(admin.id);
    const input = (overrides: Record<string, unknown>) => ({
      categoryId: 'keyboards', name: 'Counted board', description: 'Counter test.', price: '240', payment: 'pay@example.com',
      offersAccepted: true, isFixedPrice: false, photos: ['https://i.imgur.com/abc123.jpg'], shippingPrices: [{ code: 'US', price: '5' }], ...overrides,
    });
    const create = async (body: Record<string, unknown>) => {
      const res = await client.post('/api/item', input(body));
      expect(res.status).toBe(200);
      return res.body._id as string;
    };

    // The specs as the items service writes them (specs and their tags together, in its create/edit transaction).
    const setSpecs = (id: string, specs: ItemSpecs, categoryId?: string) =>
      t.db.db.execute(sql`update items set specs = ${JSON.stringify(specs)}::jsonb, spec_tags = array(select jsonb_array_elements_text(${JSON.stringify(specTags(specs))}::jsonb)),
                            category_id = coalesce(${categoryId ?? null}::text, category_id) where id = ${id}::uuid`);

    const board = await create({});
    await setSpecs(board, { size: '65%', mounting: 'hot-swap', includes: ['switches', 'keycaps'], condition: 'used' });
    const caps = await create({ categoryId: 'keycaps' });
    await setSpecs(caps, { profile: 'cherry', material: 'pbt', maker: 'GMK', kits: ['base', 'novelties'] });
    const neverPublic = await create({});
    await setSpecs(neverPublic, { size: '65%', mounting: 'solder' });
    // Pending: not counted.
    expect(await single('keyboards', 'size:65%')).toBe(0);
    expect(await drift()).toEqual([]);

    for (const id of [board, caps]) expect((await adminClient.post(`/api/item/${id}/approve`)).status).toBe(200);
    expect((await adminClient.post(`/api/item/${neverPublic}/reject`)).status).toBe(200);
    expect(await single('keyboards', 'size:65%')).toBe(1);
    expect(await single('keycaps', 'kits:base')).toBe(1);
    expect(await single('keycaps', 'maker:gmk')).toBe(0); // free text is not counted
    expect(await drift()).toEqual([]);

    // An edit through the API that leaves the specs alone; then new specs; the keycaps moved to keyboards.
    expect((await client.put(`/api/item/${board}`, input({ name: 'Counted board, edited' }))).status).toBe(200);
    expect(await single('keyboards', 'size:65%')).toBe(1);
    await setSpecs(board, { size: '75%', mounting: 'hot-swap', condition: 'used' });
    await setSpecs(caps, { size: 'tkl', condition: 'used' }, 'keyboards');
    expect(await single('keyboards', 'size:65%')).toBe(0);
    expect(await single('keyboards', 'size:75%')).toBe(1);
    expect(await single('keycaps', 'kits:base')).toBe(0);
    expect(await single('keyboards', 'condition:used')).toBe(2);
    expect(await drift()).toEqual([]);

    // Sold (as payments and trades settle: the purchaser set), then removed, then a row deleted outright.
    await t.db.db.execute(sql`update items set purchaser_id = ${buyer.id}::uuid where id = ${board}::uuid`);
    expect(await single('keyboards', 'size:75%')).toBe(0);
    expect((await client.delete(`/api/item/${caps}/remove`)).status).toBe(200);
    expect(await single('keyboards', 'condition:used')).toBe(0);
    const third = await create({});
    await setSpecs(third, { size: 'full', built: 'built' });
    expect((await adminClient.post(`/api/item/${third}/approve`)).status).toBe(200);
    expect(await single('keyboards', 'built:built')).toBe(1);
    await t.db.db.execute(sql`delete from item_shipping where item_id = ${third}::uuid`);
    await t.db.db.execute(sql`delete from items where id = ${third}::uuid`);
    expect(await single('keyboards', 'built:built')).toBe(0);
    expect(await drift()).toEqual([]);

    // A set-based load and an update of many rows at once.
    await fill(600);
    await t.db.db.execute(sql`update items set removed_at = now() where name like 'Listing %' and (substr(name, 9)::int) % 11 = 0`);
    expect(await drift()).toEqual([]);
    expect(await rowsOf(sql`select * from spec_counts where n < 0`)).toEqual([]);
    // The rebuild (bench/fill.ts's) lands on the same counts.
    const before = await rowsOf(sql`select category_id, tag_a, tag_b, tag_c, n from spec_counts where n <> 0 order by 1, 2, 3, 4`);
    await t.db.db.execute(sql`select spec_counts_rebuild()`);
    expect(await rowsOf(sql`select category_id, tag_a, tag_b, tag_c, n from spec_counts order by 1, 2, 3, 4`)).toEqual(before);
  });

  it('answer as the live count does, for no, one and two keys and several values of a choice key', async () => {
    await fill(900);
    const queries: Array<Record<string, string>> = [
      { categoryIds: 'keyboards' },
      { categoryIds: 'keyboards', size: '65%' },
      { categoryIds: 'keyboards', size: '65%,75%,full' },
      { categoryIds: 'keyboards', size: '65%,tkl', mounting: 'hot-swap' },
      { categoryIds: 'keyboards', includes: 'keycaps', condition: 'used,for-parts' },
      { categoryIds: 'keyboards', layout: 'iso', size: 'tkl' },
      { categoryIds: 'keycaps', profile: 'cherry' },
      { categoryIds: 'keycaps', kits: 'base', material: 'pbt,abs' },
      { categoryIds: 'parts', lubed: 'true,false', switchType: 'linear' },
      { categoryIds: 'parts', filmed: 'false' },
    ];
    for (const query of queries) {
      const options = optionsOf(query);
      expect({ query, counters: counterPlan(options) !== undefined }).toEqual({ query, counters: true });
      const fields = facetFieldsOf(options.categoryIds!);
      const [live] = await rowsOf<{ facets: string }>(facetsQuery(options, fields));
      const fromCounters = await facetCounts(t.db.db, options, fields);
      expect({ query, facets: fromCounters }).toEqual({ query, facets: JSON.parse(live!.facets) });
    }
  });

  it('leaves to the live count what the counters cannot answer', async () => {
    const live = (query: Record<string, string>) => expect({ query, counters: counterPlan(optionsOf(query)) !== undefined }).toEqual({ query, counters: false });
    live({ categoryIds: 'keyboards', includes: 'switches,keycaps' }); // one listing may hold both: counted twice
    live({ categoryIds: 'keyboards', size: '65%', mounting: 'hot-swap', layout: 'ansi' }); // three keys
    live({ categoryIds: 'keycaps', maker: 'gmk' }); // free text
    live({ categoryIds: 'parts', quantity: '70' }); // a count
    live({ categoryIds: 'keyboards', openToTrades: 'true' });
    live({ categoryIds: 'keyboards', searchText: 'olivia' });
    live({ categoryIds: 'keyboards', regions: 'US' });
    live({ categoryIds: 'keyboards,keycaps' });
    live({});

    // Through the route, the two-value multi filter answers the live count's answer.
    await fill(300);
    const query = { categoryIds: 'keyboards', includes: 'switches,keycaps' };
    const options = optionsOf(query);
    const [expected] = await rowsOf<{ facets: string }>(facetsQuery(options, facetFieldsOf(['keyboards'])));
    const res = await (await t.client()).get('/api/items/facets?categoryIds=keyboards&includes=switches,keycaps');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(JSON.parse(expected!.facets));
  });

  it('reads spec_counts by its primary key, with no sequential scan on items', async () => {
    await fill(3000);
    await t.db.db.execute(sql`analyze spec_counts`);
    await t.db.db.execute(sql`analyze items`);
    // Keycaps' maker keeps its top-values read of items (a small table here: read whole); keyboards count only.
    const queries: Array<Record<string, string>> = [{ categoryIds: 'keyboards', size: '65%', mounting: 'hot-swap' }, { categoryIds: 'keycaps', profile: 'cherry' }];
    for (const query of queries) {
      const options = optionsOf(query);
      const rows = await rowsOf<Record<string, string>>(sql`explain ${facetsStatement(options, facetFieldsOf(options.categoryIds!))}`);
      const text = rows.map((r) => Object.values(r)[0]).join('\n');
      expect(text).toMatch(/Index Scan using spec_counts_category_id_tag_a_tag_b_tag_c_pk on spec_counts/);
      expect(text).not.toMatch(/Seq Scan on spec_counts/);
      if (query.categoryIds === 'keyboards') expect(text).not.toMatch(/on items\b/);
    }
  });
});
