import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Country } from '@keeb/shared';
import { api } from '../api';

/** The phone-verification dialog's country list (the spec's client calls /getCountries there). */
export async function getCountries(signal?: AbortSignal): Promise<Country[]> {
  const { data } = await api.get<Country[]>('/getCountries', { signal });
  return data;
}

export const countriesQueryOptions = () =>
  queryOptions({
    queryKey: ['reference', 'countries'] as const,
    queryFn: ({ signal }) => getCountries(signal),
    staleTime: Infinity,
  });

export const useCountries = () => useQuery(countriesQueryOptions());
