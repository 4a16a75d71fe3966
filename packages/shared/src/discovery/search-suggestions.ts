import { z } from 'zod';
import { ERROR_CODES } from '../platform/codes';

/** GET /api/items/suggest ('Did you mean ...?'): the feed's search text, as long as a want's at most. */
export const SearchSuggestionsQuerySchema = z.object({
  searchText: z.string({ error: ERROR_CODES.badRequest }).max(200, { error: ERROR_CODES.tooLong }).optional(),
});
export type SearchSuggestionsQuery = z.infer<typeof SearchSuggestionsQuerySchema>;

/**
 * Whole search texts to offer instead, best first (at most 3): the text with each word that no public listing
 * holds replaced by a close word that one does. Empty when every word is found or nothing close is.
 */
export const SearchSuggestionsSchema = z.object({ suggestions: z.array(z.string()) });
export type SearchSuggestions = z.infer<typeof SearchSuggestionsSchema>;
