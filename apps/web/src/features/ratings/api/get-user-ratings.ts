import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { RATINGS_PAGE_SIZE, type RatingListQuery, type UserRatings } from '@keeb/shared';
import { api } from '../../../lib/api';
import { ratingKeys } from './keys';

/** GET /user/{id}/rating: the seller (username or id), their averages and a page of ratings, newest first. */
export async function getUserRatings(key: string, query: RatingListQuery = {}, signal?: AbortSignal): Promise<UserRatings> {
  const { data } = await api.get<UserRatings>(`/user/${encodeURIComponent(key)}/rating`, { params: query, signal });
  return data;
}

/** Pages of RATINGS_PAGE_SIZE ratings; a short page is the last. Every page repeats the averages (the first is shown). */
export const userRatingsQueryOptions = (key: string) =>
  infiniteQueryOptions({
    queryKey: ratingKeys.user(key),
    queryFn: ({ pageParam, signal }) => getUserRatings(key, pageParam ?? {}, signal),
    initialPageParam: undefined as RatingListQuery | undefined,
    getNextPageParam: (lastPage) => {
      const last = lastPage.ratings.length === RATINGS_PAGE_SIZE ? lastPage.ratings[lastPage.ratings.length - 1] : undefined;
      return last ? { ts: last.createdAt, cursorId: last._id } : undefined;
    },
    staleTime: 30_000,
  });

export const useUserRatings = (key: string) => useInfiniteQuery(userRatingsQueryOptions(key));
