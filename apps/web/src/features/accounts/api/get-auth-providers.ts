import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthProviders } from '@keeb/shared';
import { api } from '../../../lib/api';

/** Nothing configured: email and password only, no bot check, no forum link. */
export const NO_PROVIDERS: AuthProviders = { google: null, facebook: false, reddit: false, recaptcha: null };

/** Which sign-in buttons to show. A failed call shows none rather than broken buttons. */
export async function getAuthProviders(signal?: AbortSignal): Promise<AuthProviders> {
  try {
    const { data } = await api.get<AuthProviders>('/auth/providers', { signal });
    return data;
  } catch {
    return NO_PROVIDERS;
  }
}

export const authProvidersQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'providers'] as const,
    queryFn: ({ signal }) => getAuthProviders(signal),
    staleTime: Infinity,
  });

export function useAuthProviders(): { providers: AuthProviders } {
  const { data } = useQuery(authProvidersQueryOptions());
  return { providers: data ?? NO_PROVIDERS };
}
