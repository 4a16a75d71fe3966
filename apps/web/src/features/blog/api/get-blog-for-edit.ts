import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogPost } from '@keeb/shared';
import { api } from '../../../lib/api';
import { blogKeys, blogPath } from './keys';

/** GET /blog/{id}/edit (admin): the post as the editor loads it. */
export async function getBlogForEdit(id: string, signal?: AbortSignal): Promise<BlogPost> {
  const { data } = await api.get<BlogPost>(`${blogPath(id)}/edit`, { signal });
  return data;
}

export const blogForEditQueryOptions = (id: string) =>
  // Always fresh: the editor must start from what is stored, not from a cached copy.
  queryOptions({ queryKey: blogKeys.edit(id), queryFn: ({ signal }) => getBlogForEdit(id, signal), staleTime: 0, gcTime: 0 });

export const useBlogForEdit = (id: string | undefined) => useQuery({ ...blogForEditQueryOptions(id ?? ''), enabled: Boolean(id) });
