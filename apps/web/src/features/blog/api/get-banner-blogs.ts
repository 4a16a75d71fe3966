import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogSummary } from '@keeb/shared';
import { api } from '../../../lib/api';
import { blogKeys } from './keys';

/** GET /banner-blogs: published posts of this month and the two before, most recent first. */
export async function getBannerBlogs(signal?: AbortSignal): Promise<BlogSummary[]> {
  const { data } = await api.get<BlogSummary[]>('/banner-blogs', { signal });
  return data;
}

export const bannerBlogsQueryOptions = () =>
  queryOptions({ queryKey: blogKeys.banner, queryFn: ({ signal }) => getBannerBlogs(signal), staleTime: 5 * 60_000 });

export const useBannerBlogs = () => useQuery(bannerBlogsQueryOptions());
