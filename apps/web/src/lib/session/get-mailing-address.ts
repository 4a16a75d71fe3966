import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MailingAddress } from '@keeb/shared';
import { api } from '../api';
import { sessionKeys } from './keys';

/**
 * GET /me/address, for the features that ask for an address where it is needed (issue 36: an order paid without
 * one, a listing opened to trades). The same key as Settings' own query (features/accounts), so a save there is
 * seen here; under the session keys, so logging out forgets it. null: none saved.
 */
export const savedAddressKey = [...sessionKeys.all, 'mailing-address'] as const;

export const savedAddressQueryOptions = () =>
  queryOptions({
    queryKey: savedAddressKey,
    queryFn: async ({ signal }) => (await api.get<MailingAddress | null>('/me/address', { signal })).data ?? null,
    staleTime: 0,
  });

export const useSavedAddress = (enabled = true) => useQuery({ ...savedAddressQueryOptions(), enabled });
