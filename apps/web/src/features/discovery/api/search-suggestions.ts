import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchSuggestions } from '@keeb/shared';
import { api } from '../../../lib/api';

/** GET /items/suggest: 'Did you mean ...?' texts for a search whose words public listings do not all hold. */
export async function getSearchSuggestions(searchText: string, signal?: AbortSignal): Promise<SearchSuggestions> {
  const { data } = await api.get<SearchSuggestions>('/items/suggest', { params: { searchText }, signal });
  return data;
}

export const searchSuggestionsQueryOptions = (searchText: string) =>
  queryOptions({
    queryKey: ['search-suggestions', searchText] as const,
    queryFn: ({ signal }) => getSearchSuggestions(searchText, signal),
    // The words listings hold change slowly; going back to a search needs no second call.
    staleTime: 5 * 60_000,
  });

export const useSearchSuggestions = (searchText: string | undefined) =>
  useQuery({ ...searchSuggestionsQueryOptions(searchText ?? ''), enabled: Boolean(searchText?.trim()) });
