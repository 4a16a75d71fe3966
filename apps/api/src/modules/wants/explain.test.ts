import { sql, type SQLWrapper } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { items, users } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { createItem, itemValues } from '../../test/factories';
import { matchStatement } from './want-matching';

// Matching one listing must find its few candidate wants through wants_anchors_idx, never by reading every want.
const t = useTestApp();
const WORDS = ['olivia', 'botanical', 'laser', 'nautilus', 'bento', 'dracula', 'camping', 'tofu65', 'zealio', 'holy', 'panda', 'creams', 'alpaca', 'lubed', 'brass', 'pom'];
const CATEGORIES = ['keyboards', 'keycaps', 'artisan', 'parts', 'accessories'];
const WANTS = 4000;

async function plan(query: SQLWrapper): Promise<string> {
  const result = (await t.db.db.execute(sql`explain ${query}`)) as unknown as { rows: Array<Record<string, string>> };
  return result.rows.map((r) => Object.values(r)[0]).join('\n');
}

describe('the matching statement plan (both drivers)', () => {
  beforeEach(async () => {
    const [seller] = await t.db.db.insert(users).values({ username: 'plan_seller', email: 'plan_seller@example.test' }).returning({ id: users.id });
    // The vocabulary: listing names holding every word (and some neighbours a typo may reach).
    await t.db.db.insert(items).values(WORDS.map((w, i) => itemValues(seller!.id, { name: `GMK ${w} ${w}s ${i}`, categoryId: CATEGORIES[i % CATEGORIES.length]! })));
    const buyers = await t.db.db
      .insert(users)
      .values(Array.from({ length: 200 }, (_, i) => ({ username: `plan_buyer_${i}`, email: `plan_buyer_${i}@example.test`, shippingRegionCode: 'US' })))
      .returning({ id: users.id });
    // Each distinct text's query and anchors once through the app's functions, then copied, as wants-fill does.
    await t.db.db.execute(sql`
      create temporary table plan_texts as
      select n, text, search_tsquery(text) as query, want_anchors(text) as anchors
      from (select row_number() over () - 1 as n, a || ' ' || b as text from unnest(${sql.raw(`array['${WORDS.join("','")}']`)}) a, unnest(array['kit', 'base', 'set', 'board', 'switches']) b) s`);
    await t.db.db.execute(sql`
      insert into wants (user_id, search_text, category_ids, query, anchors, expires_at, paused)
      select (${sql.raw(`array['${buyers.map((b) => b.id).join("','")}']::uuid[]`)})[1 + g % 200],
             case when g % 10 = 0 then '' else p.text end,
             case when g % 10 = 0 then array[(${sql.raw(`array['${CATEGORIES.join("','")}']`)})[1 + g % 5]] else '{}' end,
             case when g % 10 = 0 then null else p.query end,
             case when g % 10 = 0 then array['category:' || (${sql.raw(`array['${CATEGORIES.join("','")}']`)})[1 + g % 5]] else p.anchors end,
             now() + interval '30 days', g % 17 = 0
      from generate_series(1, ${WANTS}) g join plan_texts p on p.n = g % (select count(*) from plan_texts)`);
    await t.db.db.execute(sql`drop table plan_texts`);
    await t.db.db.execute(sql`analyze`);
  });

  it('finds the candidate wants through wants_anchors_idx', async () => {
    const [seller] = await t.db.db.select({ id: users.id }).from(users).where(sql`${users.username} = 'plan_seller'`);
    const item = await createItem(t.db.db, seller!.id, { name: 'GMK Olivia base kit', description: 'Sealed, never mounted.', categoryId: 'keycaps' });
    const text = await plan(matchStatement(item.id));
    expect(text).toMatch(/wants_anchors_idx/);
    expect(text).not.toMatch(/Seq Scan on wants\b/);
  });

  it("anchors a want on its rarest word, so a word in every listing does not make every want a candidate", async () => {
    // 'gmk' is in every listing name above (the statistics list it as common), 'nautilus' in one.
    const anchors = async (text: string) =>
      ((await t.db.db.execute(sql`select want_anchors(${text}) as a`)) as unknown as { rows: Array<{ a: string[] }> }).rows[0]!.a;
    expect(await anchors('GMK Nautilus')).toContain('nautilus');
    expect(await anchors('GMK Nautilus')).not.toContain('gmk');
    // Among words no statistic lists, the longest.
    expect(await anchors('tkl quokkaboard')).toContain('quokkaboard');
  });
});
