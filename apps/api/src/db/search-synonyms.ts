import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_SYNONYMS } from '@keeb/shared';

/**
 * Issue 29: the hobby's synonyms in search texts ('tkl' and 'tenkeyless', '65%' and '65 percent', 'hotswap' and
 * 'hot-swap', 'bnib' and 'new in box'), for the feed's search (modules/discovery/search-synonyms.ts) and the wants'
 * stored query (modules/wants/want-crud.ts). The 'simple' configuration keeps words as written, so the search vector of
 * 'hot-swap' holds 'hot-swap', 'hot' and 'swap' and that of '65%' holds '65' (the parser drops '%'): each form of a
 * group is matched as the phrase phraseto_tsquery('simple', form) makes of it, which is how the listing's own text
 * was parsed. A text naming a form matches what it matches as typed, or the rest of its words with any form of each
 * group it names.
 */

/** Every form of every group, longest first: 'hot-swappable' is found before 'hot-swap', 'alice/ergonomic' before 'alice'. */
const FORMS = SEARCH_SYNONYMS.flatMap((forms, group) => forms.map((form) => ({ form, group }))).sort((a, b) => b.form.length - a.form.length);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A form standing alone in a text (no letter or digit touching it), its spaces matching any run of spaces. */
const FORM_PATTERNS = FORMS.map(({ form, group }) => ({
  group,
  pattern: new RegExp(`(?<![\\p{L}\\p{N}_])${form.split(' ').map(escapeRegExp).join('\\s+')}(?![\\p{L}\\p{N}_])`, 'giu'),
}));

/**
 * The synonym groups a text names (indexes in SEARCH_SYNONYMS, ascending) and the rest of its text with those forms
 * taken out. No group: the search is left as it is.
 */
export function synonymsIn(text: string): { groups: number[]; rest: string } {
  let rest = text.toLowerCase();
  const groups = new Set<number>();
  for (const { group, pattern } of FORM_PATTERNS) {
    if (rest.search(pattern) === -1) continue;
    groups.add(group);
    rest = rest.replace(pattern, ' ');
  }
  return { groups: [...groups].sort((a, b) => a - b), rest: rest.replace(/\s+/g, ' ').trim() };
}

/** A form of one word of letters and digits ('tkl', 'alice'), which the feed also takes as the start of a name word. */
const ONE_WORD = /^[\p{L}\p{N}]+$/u;

/**
 * Any form of each group (the groups ANDed) as one tsquery. `prefixes` (the feed's search, issue 36): a one-word
 * form also matches as the start of a name or spec word ('alice' finds 'Alice80'), as the search text's own words
 * do, so every form of a group finds the same listings whichever the text names.
 */
export function synonymGroupsQuery(groups: number[], { prefixes = false } = {}): SQL {
  const asPrefix = (form: string) => sql`(quote_literal(${form}) || ':*A')::tsquery`;
  const anyForm = (group: number) =>
    sql.join(
      SEARCH_SYNONYMS[group]!.flatMap((form) => [
        sql`phraseto_tsquery('simple', ${form})`,
        ...(prefixes && ONE_WORD.test(form) ? [asPrefix(form)] : []),
      ]),
      sql` || `,
    );
  return sql.join(groups.map((group) => sql`(${anyForm(group)})`), sql` && `);
}

/**
 * Words a listing matching synonymGroupsQuery(groups) holds at least one of: the longest word of each form of the
 * first group (a phrase matches only with all its words). The wants' anchors (migration 0023) add them.
 */
export function synonymAnchors(groups: number[]): SQL {
  const forms = SEARCH_SYNONYMS[groups[0]!]!;
  return sql`array(select (select w from unnest(tsvector_to_array(to_tsvector('simple', f))) as w order by length(w) desc, w limit 1)
    from unnest(array[${sql.join(forms.map((f) => sql`${f}`), sql`, `)}]::text[]) as f)`;
}
