import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { synonymGroupsQuery, synonymsIn } from '../../db/search-synonyms';

export interface SynonymTsqueries {
  exact: string;
  typo: string | undefined;
  broad: string;
}

/**
 * Issue 29: a search text's tiers (search_tsqueries(), migration 0025) widened by the synonym groups it names
 * (db/search-synonyms.ts), or undefined when it names none (the caller then asks search_tsqueries alone, as before).
 * With S any form of each group (a one-word form also as a prefix) and R the rest of the text: exact = exact(R) & S;
 * typo = typo(R) & S minus exact, so a listing is in one tier only; broad = broad(R) & S. R without words: S alone.
 * Issue 36: the text's own form is not asked apart ('65%' also matched '65'-prefixed names, '65 percent' did not):
 * every form of a group, and so a word and its synonym, gives the same queries and the same listings.
 */
export async function synonymTsqueries(db: Queryable, text: string): Promise<SynonymTsqueries | undefined> {
  const { groups, rest } = synonymsIn(text);
  if (groups.length === 0) return undefined;
  const s = synonymGroupsQuery(groups, { prefixes: true });
  const statement = sql`
    select x.e::text as exact, x.b::text as broad, case when x.rtypo is null then null else (x.rtypo && !! x.e)::text end as typo
    from (
      select case when r.words then r.exact && s.q else s.q end as e,
        case when r.words then r.broad && s.q else s.q end as b,
        case when r.words and r.typo is not null then r.typo && s.q end as rtypo
      from (select t.*, numnode(t.exact) > 0 as words from search_tsqueries(${rest}) t) r, (select ${s} as q) s
    ) x`;
  const result = (await db.execute(statement)) as unknown as { rows: Array<{ exact: string | null; typo: string | null; broad: string | null }> };
  const row = result.rows[0];
  return { exact: row?.exact ?? '', typo: row?.typo || undefined, broad: row?.broad ?? '' };
}
