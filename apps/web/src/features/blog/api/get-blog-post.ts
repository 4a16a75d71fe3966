import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogPost } from '@keeb/shared';
import { api } from '../../../lib/api';
import { blogKeys, blogPath } from './keys';

/** GET /blog/{id}: the post with the viewer's entry and its comments. */
export async function getBlogPost(id: string, signal?: AbortSignal): Promise<BlogPost> {
  const { data } = await api.get<BlogPost>(blogPath(id), { signal });
  return data;
}

export const blogPostQueryOptions = (id: string) => queryOptions({ queryKey: blogKeys.post(id), queryFn: ({ signal }) => getBlogPost(id, signal) });

export const useBlogPost = (id: string, enabled = true) => useQuery({ ...blogPostQueryOptions(id), enabled });
