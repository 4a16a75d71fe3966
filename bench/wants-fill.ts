/**
 * Fills the bench database with want-list searches (issue 16): 5,000 buyers with 20 wants each, 100,000 active
 * wants in all, drawn from the same vocabulary as the listings (bench/vocabulary.ts), some with typos, some with
 * categories, regions, a price limit or a sale type. Each distinct text's stored query and anchors are computed
 * once by the app's own SQL functions (search_tsquery, want_anchors), as the wants module stores them.
 */
import { sql } from 'drizzle-orm';
import type { Database, Queryable } from '../apps/api/src/db/client';
import * as v from './vocabulary';

export const WANT_BUYERS = 5000;
export const WANTS_PER_BUYER = 20;
export const WANTS = WANT_BUYERS * WANTS_PER_BUYER;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A plausible typo: two neighbouring letters swapped inside the longest word. */
function typo(text: string): string {
  const words = text.split(' ');
  const longest = words.reduce((a, b) => (b.length > a.length ? b : a));
  if (longest.length < 5) return text;
  const at = 1 + Math.floor(longest.length / 2);
  const swapped = longest.slice(0, at - 1) + longest[at] + longest[at - 1] + longest.slice(at + 1);
  return words.map((w) => (w === longest ? swapped : w)).join(' ');
}

/** What buyers search for: keycap sets (with or without their profile), boards, switches, artisans, parts. */
export function wantTexts(): Array<{ text: string; category: string }> {
  const texts: Array<{ text: string; category: string }> = [];
  for (const set of v.KEYCAP_SETS) {
    texts.push({ text: set, category: 'keycaps' });
    for (const profile of new Set(v.KEYCAP_PROFILES)) texts.push({ text: `${profile} ${set}`, category: 'keycaps' });
    texts.push({ text: `GMK ${set} novelties`, category: 'keycaps' });
  }
  for (const board of v.BOARDS) {
    texts.push({ text: board, category: 'keyboards' });
    for (const colour of v.BOARD_COLOURS.slice(0, 6)) texts.push({ text: `${board} ${colour}`, category: 'keyboards' });
  }
  for (const sw of v.SWITCHES) texts.push({ text: sw, category: 'parts' }, { text: `${sw} lubed`, category: 'parts' });
  for (const maker of v.ARTISAN_MAKERS) for (const sculpt of v.ARTISAN_SCULPTS) texts.push({ text: `${maker} ${sculpt}`, category: 'artisan' });
  for (const part of v.PARTS) texts.push({ text: part, category: 'parts' });
  for (const theme of v.ACCESSORY_THEMES) for (const acc of v.ACCESSORIES.slice(0, 4)) texts.push({ text: `${theme} ${acc}`, category: 'accessories' });
  // One in twenty searches has a typo.
  const typos = texts.filter((_, i) => i % 20 === 0).map((t) => ({ ...t, text: typo(t.text) }));
  return [...texts, ...typos.filter((t, i) => t.text !== texts[i * 20]?.text)];
}

export async function wantCount(db: Queryable): Promise<number> {
  return rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from wants where not paused and expires_at > now()`))[0]!.n;
}

export async function fillWants(db: Database, log: (line: string) => void): Promise<void> {
  const started = Date.now();
  const texts = wantTexts();
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from want_matches`);
    await tx.execute(sql`delete from wants`);
    await tx.execute(sql`delete from users where email like 'wantbuyer%@example.test'`);
    await tx.execute(sql.raw(`
      insert into users (username, email, shipping_region_code, bio, email_confirmed_at, created_at, want_alerts)
      select 'wantbuyer' || g, 'wantbuyer' || g || '@example.test', (array['US','US','US','EU','EU','UK','CA','AU','AS'])[1 + g % 9],
             'Bench buyer', now(), now() - interval '1 year', case when g % 4 = 0 then 'daily' else 'instant' end
      from generate_series(1, ${WANT_BUYERS}) g`));
    // Each distinct text once through the app's functions; the wants then copy them.
    await tx.execute(sql`create temporary table want_texts (n int, text text, category text, query tsquery, anchors text[]) on commit drop`);
    await tx.execute(sql`
      insert into want_texts (n, text, category, query, anchors)
      select row_number() over () - 1, t.text, t.category, search_tsquery(t.text), want_anchors(t.text)
      from jsonb_to_recordset(${JSON.stringify(texts)}::jsonb) as t(text text, category text)`);
    log(`  ${texts.length} distinct want texts (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    // Buyer b's k-th want: texts spread by a multiplicative hash so neighbours differ; a third name a category, a
    // third a price limit, a fifth regions, a tenth a sale type; created over the last 80 days (none lapsed).
    await tx.execute(sql.raw(`
      insert into wants (user_id, search_text, category_ids, regions, max_price_cents, sale_type_id, query, anchors, expires_at, created_at, updated_at)
      select u.id, t.text,
             case when h % 3 = 0 then array[t.category] else '{}' end,
             case when h % 5 = 0 then array[u.shipping_region_code] else '{}' end,
             case when h % 3 = 1 then (array[5000, 10000, 20000, 40000, 80000])[1 + h % 5] end,
             case when h % 10 = 7 then 'individual' end,
             t.query, t.anchors, c + interval '90 days', c, c
      from (select id, shipping_region_code, row_number() over (order by id) as b from users where email like 'wantbuyer%@example.test') u
      cross join generate_series(1, ${WANTS_PER_BUYER}) k
      cross join lateral (select abs(hashtext(u.b::text || ':' || k)) as h, now() - (abs(hashtext(k || ':' || u.b)) % 80) * interval '1 day' as c) x
      join want_texts t on t.n = x.h % ${texts.length}`));
  });
  await db.execute(sql`vacuum analyze wants`);
  await db.execute(sql`vacuum analyze users`);
  log(`  ${await wantCount(db)} active wants in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
