import type { SearchSuggestions } from '@keeb/shared';
import type { Queryable } from '../../db/client';
import { findsExactly, searchWordSuggestions } from './repo';

/** 'Did you mean ...?' offers at most this many texts. */
const MAX_SUGGESTIONS = 3;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text with one word (a lexeme: lower case) replaced wherever it stands alone, whatever its case. */
const replaceWord = (text: string, word: string, by: string) =>
  text.replace(new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(word)}(?![\\p{L}\\p{N}_])`, 'giu'), by);

/**
 * GET /api/items/suggest: the search text with each word no public listing holds replaced by a close word one
 * does (its 1st, 2nd, 3rd closest for the 1st, 2nd, 3rd suggestion), the words that find kept as typed. Only texts
 * that find public listings themselves are offered; none when every word finds (prefixes count) or when some word
 * has nothing close. The words come from search_suggestions(), which offers no word of a listing not public.
 */
export async function searchSuggestions(db: Queryable, text: string): Promise<SearchSuggestions> {
  if (!text) return { suggestions: [] };
  const words = await searchWordSuggestions(db, text);
  const missing = words.filter((w) => !w.found);
  if (missing.length === 0 || missing.some((w) => w.alternatives.length === 0)) return { suggestions: [] };
  const candidates = new Set<string>();
  for (let i = 0; i < MAX_SUGGESTIONS; i++) {
    candidates.add(missing.reduce((t, w) => replaceWord(t, w.word, w.alternatives[Math.min(i, w.alternatives.length - 1)]!), text));
  }
  const suggestions: string[] = [];
  for (const candidate of candidates) if (await findsExactly(db, candidate)) suggestions.push(candidate);
  return { suggestions };
}
