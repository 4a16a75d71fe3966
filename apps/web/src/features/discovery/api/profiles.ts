import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FOLLOW_PAGE_SIZE, type FollowListQuery, type FollowState, type FollowUser, type UserProfile } from '@keeb/shared';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import type { ItemListSource } from './item-list-source';

export type FollowDirection = 'followers' | 'following';

/** Usernames are case-insensitive on the server, so /u/KeyQueen and /u/keyqueen share one cache entry. */
const norm = (username: string) => username.toLowerCase();
const userPath = (username: string) => `/user/${encodeURIComponent(username)}`;

/** Everything about one user hangs under ['profiles', username]: the profile and both follow lists. */
export const profileKeys = {
  user: (username: string) => ['profiles', norm(username)] as const,
  profile: (username: string) => ['profiles', norm(username), 'profile'] as const,
  follows: (username: string, direction: FollowDirection) => ['profiles', norm(username), direction] as const,
};

/** GET /user/{username}/profile. */
export async function getProfile(username: string, signal?: AbortSignal): Promise<UserProfile> {
  const { data } = await api.get<UserProfile>(`${userPath(username)}/profile`, { signal });
  return data;
}

/**
 * The profile as one viewer sees it (isFollowing, isUserProfile depend on who asks), so the viewer is part of
 * the key: logging in or out never shows the previous viewer's follow state.
 */
export const profileQueryOptions = (username: string, viewerId: string | null) =>
  queryOptions({
    queryKey: [...profileKeys.profile(username), viewerId] as const,
    queryFn: ({ signal }) => getProfile(username, signal),
    staleTime: 30_000,
  });

export function useProfile(username: string) {
  const session = useSession();
  const viewerId = (session.data?.isLoggedIn ? session.data.userId : undefined) ?? null;
  return useQuery({ ...profileQueryOptions(username, viewerId), enabled: !session.isPending });
}

/** POST /user/{username}/follow or /unfollow: answers the new follow state and follower count. */
export async function setFollowing(username: string, follow: boolean): Promise<FollowState> {
  const { data } = await api.post<FollowState>(`${userPath(username)}/${follow ? 'follow' : 'unfollow'}`);
  return data;
}

/**
 * Follow or unfollow `username`. The header's count takes the server's answer (not a local +1), so it is right
 * even when someone else followed meanwhile. The lists that depend on it are refetched when next shown.
 */
export function useFollowToggle(username: string) {
  const queryClient = useQueryClient();
  const session = useSession();
  return useMutation({
    mutationFn: (follow: boolean) => setFollowing(username, follow),
    onSuccess: (state) => {
      queryClient.setQueriesData<UserProfile>({ queryKey: profileKeys.profile(username) }, (profile) =>
        profile ? { ...profile, isFollowing: state.isFollowing, numFollowers: state.numFollowers } : profile,
      );
      void queryClient.invalidateQueries({ queryKey: profileKeys.follows(username, 'followers') });
      const me = session.data?.isLoggedIn ? session.data.username : undefined;
      if (me) void queryClient.invalidateQueries({ queryKey: profileKeys.user(me) });
      void queryClient.invalidateQueries({ queryKey: ['items', 'list', 'me', 'followed'] });
    },
  });
}

/** GET /user/{username}/followers or /following: newest follow first, keyset on followedAt + _id. */
export async function getFollowPage(
  username: string,
  direction: FollowDirection,
  query: FollowListQuery,
  signal?: AbortSignal,
): Promise<FollowUser[]> {
  const { data } = await api.get<FollowUser[]>(`${userPath(username)}/${direction}`, { params: query, signal });
  return data;
}

export const followListQueryOptions = (username: string, direction: FollowDirection) =>
  infiniteQueryOptions({
    queryKey: profileKeys.follows(username, direction),
    queryFn: ({ pageParam, signal }) => getFollowPage(username, direction, pageParam ?? {}, signal),
    initialPageParam: undefined as FollowListQuery | undefined,
    getNextPageParam: (lastPage) => {
      const last = lastPage.length === FOLLOW_PAGE_SIZE ? lastPage[lastPage.length - 1] : undefined;
      return last ? { ts: last.followedAt, cursorId: last._id } : undefined;
    },
    staleTime: 30_000,
  });

export const useFollowList = (username: string, direction: FollowDirection, enabled: boolean) =>
  useInfiniteQuery({ ...followListQueryOptions(username, direction), enabled });

/** GET /user/{username}/items/listed: the seller's public listings ('Items For Sale'). */
export function sellerListedSource(username: string): ItemListSource {
  return { key: ['user', norm(username), 'listed'], path: `${userPath(username)}/items/listed` };
}

export type MyItemsTab = 'listed' | 'sold' | 'purchased';
export type VaultTab = 'saved' | 'followed';

/** GET /me/items/{tab}: /me's tabs and the vault's. Saved items page by when they were saved. */
export function myItemsSource(tab: MyItemsTab | VaultTab): ItemListSource {
  return { key: ['me', tab], path: `/me/items/${tab}`, ...(tab === 'saved' ? { cursorField: 'savedAt' as const } : {}) };
}
