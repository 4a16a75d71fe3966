import { queryOptions } from '@tanstack/react-query';
import type { AdminStatus } from '@keeb/shared';
import { api } from '../api';
import { sessionKeys } from './keys';

export async function getAdminStatus(signal?: AbortSignal): Promise<AdminStatus> {
  const { data } = await api.get<AdminStatus>('/me/admin', { signal });
  return data;
}

export const adminStatusQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.admin,
    queryFn: ({ signal }) => getAdminStatus(signal),
    staleTime: 60_000,
  });
