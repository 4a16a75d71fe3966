import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Session } from '@keeb/shared';
import { api } from '../api';
import { sessionKeys } from './keys';

export async function getSession(signal?: AbortSignal): Promise<Session> {
  const { data } = await api.get<Session>('/me/logged-in', { signal });
  return data;
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.status,
    queryFn: ({ signal }) => getSession(signal),
    staleTime: 60_000,
  });

export const useSession = () => useQuery(sessionQueryOptions());

/** True only once the server has said so: while loading or after a failure the visitor counts as logged out. */
export function useIsLoggedIn(): boolean {
  return useSession().data?.isLoggedIn === true;
}
