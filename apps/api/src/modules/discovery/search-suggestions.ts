import type { SearchSuggestions } from '@keeb/shared';
import type { Queryable } from '../../db/client';
import { synonymsIn } from '../../db/search-synonyms';
import { publicMatchExists, searchTsqueries, searchWordsOf } from './search-tsqueries';

/** 'Did you mean ...?' offers at most this many texts, and looks at texts of at most this many words. */
const MAX_SUGGESTIONS = 3;
const MAX_WORDS = 10;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text with one word (a lexeme: lower case) replaced wherever it stands alone, whatever its case. */
const replaceWord = (text: string, word: string, by: string) =>
  text.replace(new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(word)}(?![\\p{L}\\p{N}_])`, 'giu'), by);

/** A vocabulary word as a name-only tsquery (vocabulary words hold no quote or backslash: migration 0008). */
const inNames = (word: string) => `'${word.replaceAll("'", "''")}':A`;

/** Up to MAX_SUGGESTIONS of a word's typo alternatives that public listings hold in their names, closest first. */
async function publicAlternatives(db: Queryable, typos: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const word of typos) {
    if (found.length === MAX_SUGGESTIONS) break;
    if (await publicMatchExists(db, inNames(word))) found.push(word);
  }
  return found;
}

/**
 * GET /api/items/suggest: the search text with each word no public listing holds (as itself or the start of a name
 * word) replaced by a close word one does (its 1st, 2nd, 3rd closest for the 1st, 2nd, 3rd suggestion), the other
 * words kept as typed. Only texts that find public listings themselves are offered; none when every word finds or
 * when some word has nothing close. Only public listings are asked, so no word of a pending, rejected, sold or
 * removed listing is ever offered.
 */
export async function searchSuggestions(db: Queryable, text: string): Promise<SearchSuggestions> {
  const none: SearchSuggestions = { suggestions: [] };
  if (!text) return none;
  const words = await searchWordsOf(db, text);
  if (words.length > MAX_WORDS) return none;
  const missing: Array<{ word: string; alternatives: string[] }> = [];
  for (const w of words) {
    if (w.exact && (await publicMatchExists(db, w.exact))) continue;
    // Issue 36: a form of one of the hobby's synonyms ('hotswap', 'bnib') is searched as its group, not a typo.
    if (synonymsIn(w.word).groups.length > 0) continue;
    const alternatives = await publicAlternatives(db, w.typos);
    if (alternatives.length === 0) return none;
    missing.push({ word: w.word, alternatives });
  }
  if (missing.length === 0) return none;
  const candidates = new Set<string>();
  for (let i = 0; i < MAX_SUGGESTIONS; i++) {
    candidates.add(missing.reduce((t, w) => replaceWord(t, w.word, w.alternatives[Math.min(i, w.alternatives.length - 1)]!), text));
  }
  const suggestions: string[] = [];
  for (const candidate of candidates) {
    const { exact } = await searchTsqueries(db, candidate);
    if (exact && (await publicMatchExists(db, exact))) suggestions.push(candidate);
  }
  return { suggestions };
}
