/**
 * A search text as full-text queries: its exact, typo and broad tsqueries (search_tsqueries(), widened by the
 * hobby's synonyms), cached per database for a minute since popular searches repeat, and turned into list options
 * (withTsquery, searchTiers); plus the word-by-word look-ups the suggestions use. Apart from the page query
 * (list-page.ts), which only carries a tsquery as a value: this is where a search's words are resolved. The cache
 * (tsqueryCaches) lives only here.
 */
import { and, sql } from 'drizzle-orm';
import { synonymTsqueries } from './search-synonyms';
import type { Queryable } from '../../db/client';
import { items } from '../../db/schema/index';
import { setNewest } from '../../platform/bounded-map';
import { publicItem, type ListOptions } from './list-options';

/**
 * A search text's full-text queries in tsquery text form (search_tsqueries(), migration 0025). `exact`: the words
 * in name (A) or description (B), or every word the start of a name word; `typo`: every word matched through a typo
 * or resemblance (anywhere since issue 36, migration 0033) where `exact` does not match (undefined when no word has one); `broad`: either.
 * `exact` is empty when the text has no words. Computed first, so the page query carries it as a value the
 * planner can estimate from the column's statistics (few matches: the GIN index; many: the sort index, stopping
 * after one page).
 */
export interface SearchTsqueries {
  exact: string;
  typo: string | undefined;
  broad: string;
}

export async function searchTsqueries(db: Queryable, text: string): Promise<SearchTsqueries> {
  const result = (await db.execute(sql`select exact::text as exact, typo::text as typo, broad::text as broad from search_tsqueries(${text})`)) as unknown as {
    rows: Array<{ exact: string | null; typo: string | null; broad: string | null }>;
  };
  const row = result.rows[0];
  return { exact: row?.exact ?? '', typo: row?.typo || undefined, broad: row?.broad ?? '' };
}

/** How long a search text's expansion is reused: new listing words join typo matching within this time. */
const TSQUERY_TTL_MS = 60_000;
const TSQUERY_CACHE_SIZE = 1000;
const tsqueryCaches = new WeakMap<Queryable, Map<string, { tsqueries: SearchTsqueries; at: number }>>();

/**
 * searchTsqueries with a small per-database cache: popular searches repeat, and their expansion only changes when
 * the vocabulary of listing names grows, so a page of a repeated search is one query instead of two.
 */
async function cachedTsqueries(db: Queryable, text: string): Promise<SearchTsqueries> {
  let cache = tsqueryCaches.get(db);
  if (!cache) tsqueryCaches.set(db, (cache = new Map()));
  const hit = cache.get(text);
  if (hit && Date.now() - hit.at < TSQUERY_TTL_MS) return hit.tsqueries;
  // Issue 29: a text naming one of the hobby's synonyms is widened to the other forms (search-synonyms.ts).
  const tsqueries = (await synonymTsqueries(db, text)) ?? (await searchTsqueries(db, text));
  setNewest(cache, text, { tsqueries, at: Date.now() }, TSQUERY_CACHE_SIZE);
  return tsqueries;
}

/** The options with their search resolved to every match (`broad`); undefined when the search cannot match anything. */
export async function withTsquery(db: Queryable, o: ListOptions): Promise<ListOptions | undefined> {
  if (!o.search) return o;
  const { exact, broad } = await cachedTsqueries(db, o.search);
  return exact ? { ...o, tsquery: broad } : undefined;
}

/**
 * A search's two tiers as list options: exact and prefix matches, then typo matches (search-tiers.ts); undefined
 * when the search cannot match anything.
 */
export async function searchTiers(db: Queryable, o: ListOptions): Promise<{ exact: ListOptions; typo: ListOptions | undefined } | undefined> {
  if (!o.search) return undefined;
  const { exact, typo } = await cachedTsqueries(db, o.search);
  if (!exact) return undefined;
  return { exact: { ...o, tsquery: exact }, typo: typo ? { ...o, tsquery: typo } : undefined };
}

/**
 * Whether a public listing matches a tsquery, bound as a value: the planner sees it (a word found nowhere is one
 * GIN lookup, never a walk of every listing in search of a first match).
 */
export async function publicMatchExists(db: Queryable, tsquery: string): Promise<boolean> {
  const [row] = await db
    .select({ id: items.id })
    .from(items)
    .where(and(publicItem, sql`${items.search} @@ ${tsquery}::tsquery`))
    .limit(1);
  return row !== undefined;
}

/**
 * The words of a search text ('simple' lexemes) with each one's exact tier (search_tsqueries())
 * and its typo alternatives from the vocabulary of listing names, closest first (search_word_alternatives(),
 * migration 0025). The vocabulary holds words of listings that are not public too: see publicMatchExists.
 */
export async function searchWordsOf(db: Queryable, text: string): Promise<Array<{ word: string; exact: string; typos: string[] }>> {
  const result = (await db.execute(sql`
    select w.word, (search_tsqueries(w.word)).exact::text as exact,
      array(select a.word from search_word_alternatives(w.word) as a where a.typo order by a.rank) as typos
    from unnest(tsvector_to_array(to_tsvector('simple', ${text}))) as w(word)`)) as unknown as {
    rows: Array<{ word: string; exact: string; typos: string[] }>;
  };
  return result.rows;
}
