import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GiveawayEntry } from '@keeb/shared';
import { api } from '../../../lib/api';
import { blogKeys, blogPath } from './keys';

/** GET /blog/{id}/giveaway/entries (admin): every entry, numbered in the order they came. */
export async function getGiveawayEntries(id: string, signal?: AbortSignal): Promise<GiveawayEntry[]> {
  const { data } = await api.get<GiveawayEntry[]>(`${blogPath(id)}/giveaway/entries`, { signal });
  return data;
}

export const giveawayEntriesQueryOptions = (id: string) =>
  queryOptions({ queryKey: blogKeys.entries(id), queryFn: ({ signal }) => getGiveawayEntries(id, signal), staleTime: 0 });

export const useGiveawayEntries = (id: string, enabled: boolean) => useQuery({ ...giveawayEntriesQueryOptions(id), enabled });
