import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ItemDetailResponse } from '@keeb/shared';
import { api } from '../../../lib/api';
import { itemKeys, type ListingSource } from './keys';

/** GET /item/{id}: the item with the viewer's relation to it. */
export async function getItem(id: string, signal?: AbortSignal): Promise<ItemDetailResponse> {
  const { data } = await api.get<ItemDetailResponse>(`/item/${encodeURIComponent(id)}`, { signal });
  return data;
}

export const itemQueryOptions = (id: string) =>
  queryOptions({
    queryKey: itemKeys.detail(id),
    queryFn: ({ signal }) => getItem(id, signal),
    // Fresh on every visit, but the answer the route's prefetch just brought is not asked for a second time.
    staleTime: 5_000,
  });

export const useItem = (id: string) => useQuery(itemQueryOptions(id));

/** GET /item/{id}/edit and /item/{id}/duplicate: the owner's item (with its payment email) for the form. */
export async function getItemForForm(id: string, source: ListingSource, signal?: AbortSignal): Promise<ItemDetailResponse> {
  const { data } = await api.get<ItemDetailResponse>(`/item/${encodeURIComponent(id)}/${source}`, { signal });
  return data;
}

export const useItemForForm = (id: string, source: ListingSource | undefined) =>
  useQuery({
    queryKey: itemKeys.form(id, source ?? 'edit'),
    queryFn: ({ signal }) => getItemForForm(id, source ?? 'edit', signal),
    enabled: source !== undefined,
    // The form edits a snapshot: a later visit loads the item afresh.
    staleTime: 0,
    gcTime: 0,
  });
