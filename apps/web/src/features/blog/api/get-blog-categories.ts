import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogCategory } from '@keeb/shared';
import { api } from '../../../lib/api';
import { blogKeys } from './keys';

/** GET /blog/c/get: the blog categories (reference data). */
export async function getBlogCategories(signal?: AbortSignal): Promise<BlogCategory[]> {
  const { data } = await api.get<BlogCategory[]>('/blog/c/get', { signal });
  return data;
}

export const blogCategoriesQueryOptions = () =>
  queryOptions({ queryKey: blogKeys.categories, queryFn: ({ signal }) => getBlogCategories(signal), staleTime: Infinity });

export const useBlogCategories = () => useQuery(blogCategoriesQueryOptions());
