import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Region } from '@keeb/shared';
import { api } from '../api';

export async function getRegions(signal?: AbortSignal): Promise<Region[]> {
  const { data } = await api.get<Region[]>('/regions', { signal });
  return data;
}

/** Shipping regions: the sign-up and settings dropdowns, listing shipping and the feed's region filter. */
export const regionsQueryOptions = () =>
  queryOptions({
    queryKey: ['reference', 'regions'] as const,
    queryFn: ({ signal }) => getRegions(signal),
    staleTime: Infinity,
  });

export const useRegions = () => useQuery(regionsQueryOptions());
