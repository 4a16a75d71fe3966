import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TimestampCode } from '@keeb/shared';
import { api } from '../../../lib/api';

/** POST /items/timestamp-code: the seller's code for today (the API gives the same one all day). */
export async function getTimestampCode(): Promise<TimestampCode> {
  const { data } = await api.post<TimestampCode>('/items/timestamp-code');
  return data;
}

export const timestampCodeQueryOptions = () =>
  queryOptions({
    queryKey: ['timestamp-code'] as const,
    queryFn: getTimestampCode,
    // The code holds for the day: one call per visit to the form, not one per focus.
    staleTime: Infinity,
    retry: false,
  });

export const useTimestampCode = (enabled: boolean) => useQuery({ ...timestampCodeQueryOptions(), enabled });
