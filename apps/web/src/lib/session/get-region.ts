import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Region } from '@keeb/shared';
import { api } from '../api';
import { sessionKeys } from './keys';
import { useIsLoggedIn } from './get-session';

export type ViewerRegion = Pick<Region, 'code' | 'name'> | null;

/** GET /me/region: the signed-in user's shipping region (null until they choose one). */
export async function getViewerRegion(signal?: AbortSignal): Promise<ViewerRegion> {
  const { data } = await api.get<ViewerRegion>('/me/region', { signal });
  return data ?? null;
}

export const viewerRegionQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.region,
    queryFn: ({ signal }) => getViewerRegion(signal),
    staleTime: 60_000,
  });

/** Where the viewer wants things shipped; never asked for visitors. */
export function useViewerRegion() {
  const isLoggedIn = useIsLoggedIn();
  return useQuery({ ...viewerRegionQueryOptions(), enabled: isLoggedIn });
}
