import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Want } from '@keeb/shared';
import { api } from '../../../lib/api';
import { wantKeys } from './keys';

/** GET /me/wants: every want of the viewer, paused and expired ones included. */
export async function getWants(signal?: AbortSignal): Promise<Want[]> {
  const { data } = await api.get<Want[]>('/me/wants', { signal });
  return data;
}

/** Fresh each time the tab opens: a match may have arrived by mail or push since. */
export const wantsQueryOptions = () =>
  queryOptions({ queryKey: wantKeys.list, queryFn: ({ signal }) => getWants(signal), staleTime: 0 });

export const useWants = () => useQuery(wantsQueryOptions());
