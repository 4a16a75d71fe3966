import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoriesResponse } from '@keeb/shared';
import { api } from '../api';

export async function getCategories(signal?: AbortSignal): Promise<CategoriesResponse> {
  const { data } = await api.get<CategoriesResponse>('/categories', { signal });
  return data;
}

/** Reference data: fetched once per visit, shared by the shell, the feed, filters and the listing form. */
export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['reference', 'categories'] as const,
    queryFn: ({ signal }) => getCategories(signal),
    staleTime: Infinity,
  });

export const useCategories = () => useQuery(categoriesQueryOptions());
