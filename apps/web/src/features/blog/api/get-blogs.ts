import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { BlogList, BlogListQuery } from '@keeb/shared';
import { api } from '../../../lib/api';
import { blogKeys } from './keys';

/** GET /blogs: a page of posts (published ones, or every one for admins) and the admin flag p. */
export async function getBlogs(query: BlogListQuery, signal?: AbortSignal): Promise<BlogList> {
  const { data } = await api.get<BlogList>('/blogs', { params: query, signal });
  return data;
}

export const blogsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: blogKeys.list,
    queryFn: ({ pageParam, signal }) => getBlogs(pageParam ?? {}, signal),
    initialPageParam: undefined as BlogListQuery | undefined,
    getNextPageParam: (lastPage) => lastPage.next ?? undefined,
  });

export const useBlogs = () => useInfiniteQuery(blogsQueryOptions());
