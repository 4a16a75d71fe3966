import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Facets, ItemListQuery } from '@keeb/shared';
import { api } from '../../../lib/api';

/** The feed's query without its sort and cursor: what facet counts are counted over. */
export type FacetQuery = Omit<ItemListQuery, 'sort' | 'ts' | 'price' | 'likes' | 'cursorId'>;

/**
 * GET /items/facets (issue 29): for each spec of the category, each value's count of public listings matching the
 * rest of the query (a key's own selection left out by the API); above 1,000 the text '1,000+'. Not re-validated:
 * the counts are shown as they come, and a missing one shows no count rather than breaking the filters.
 */
export async function getItemFacets(query: FacetQuery, signal?: AbortSignal): Promise<Facets> {
  const { data } = await api.get<Facets>('/items/facets', { params: query, signal });
  return data && typeof data === 'object' ? data : {};
}

export const itemFacetsQueryOptions = (query: FacetQuery) =>
  queryOptions({
    queryKey: ['items', 'facets', query] as const,
    queryFn: ({ signal }) => getItemFacets(query, signal),
    staleTime: 30_000,
  });

/**
 * The counts for the filters modal's draft: asked again as the draft changes, the previous counts staying on screen
 * meanwhile so the values do not jump to "no count" and back at every tick.
 */
export function useItemFacets(query: FacetQuery, enabled: boolean) {
  return useQuery({ ...itemFacetsQueryOptions(query), enabled, placeholderData: keepPreviousData });
}
