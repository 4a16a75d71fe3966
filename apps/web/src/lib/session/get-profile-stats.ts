import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileStats } from '@keeb/shared';
import { api } from '../api';
import { sessionKeys } from './keys';
import { useIsLoggedIn } from './get-session';

export async function getProfileStats(signal?: AbortSignal): Promise<ProfileStats> {
  const { data } = await api.get<ProfileStats>('/me', { signal });
  return data;
}

export const profileStatsQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.profileStats,
    queryFn: ({ signal }) => getProfileStats(signal),
    staleTime: 60_000,
  });

/** The signed-in user's avatar, karma and admin flag; never called for visitors (it would answer 401). */
export function useProfileStats() {
  const isLoggedIn = useIsLoggedIn();
  const query = useQuery({ ...profileStatsQueryOptions(), enabled: isLoggedIn });
  return isLoggedIn ? query.data : undefined;
}
