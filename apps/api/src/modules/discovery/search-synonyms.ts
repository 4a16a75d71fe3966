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
 * With S any form of each group and R the rest of the text: exact = exact(text) | (exact(R) & S); typo =
 * (typo(text) | (typo(R) & S)) minus exact, so a listing is in one tier only; broad = broad(text) | (broad(R) & S).
 * R empty: S alone.
 */
export async function synonymTsqueries(db: Queryable, text: string): Promise<SynonymTsqueries | undefined> {
  const { groups, rest } = synonymsIn(text);
  if (groups.length === 0) return undefined;
  const s = synonymGroupsQuery(groups);
  const statement = rest
    ? sql`
      select x.e::text as exact, x.b::text as broad,
        case when x.ttypo is null and x.rtypo is null then null
          else ((coalesce(x.ttypo, ''::tsquery) || coalesce(x.rtypo, ''::tsquery)) && !! x.e)::text end as typo
      from (
        select t.exact || (r.exact && s.q) as e, t.broad || (r.broad && s.q) as b, t.typo as ttypo, r.typo && s.q as rtypo
        from search_tsqueries(${text}) t, search_tsqueries(${rest}) r, (select ${s} as q) s
      ) x`
    : sql`
      select x.e::text as exact, x.b::text as broad, case when x.ttypo is null then null else (x.ttypo && !! x.e)::text end as typo
      from (
        select t.exact || s.q as e, t.broad || s.q as b, t.typo as ttypo
        from search_tsqueries(${text}) t, (select ${s} as q) s
      ) x`;
  const result = (await db.execute(statement)) as unknown as { rows: Array<{ exact: string | null; typo: string | null; broad: string | null }> };
  const row = result.rows[0];
  return { exact: row?.exact ?? '', typo: row?.typo || undefined, broad: row?.broad ?? '' };
}
