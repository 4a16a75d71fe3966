import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MailingAddress } from '@keeb/shared';
import { api } from '../../../lib/api';
import { sessionKeys } from '../../../lib/session';

/** Under the session keys: logging out forgets it. */
export const mailingAddressKey = [...sessionKeys.all, 'mailing-address'] as const;

/** GET /me/address: the saved mailing address, null when none was saved. */
export async function getMailingAddress(signal?: AbortSignal): Promise<MailingAddress | null> {
  const { data } = await api.get<MailingAddress | null>('/me/address', { signal });
  return data ?? null;
}

export const mailingAddressQueryOptions = () =>
  queryOptions({ queryKey: mailingAddressKey, queryFn: ({ signal }) => getMailingAddress(signal), staleTime: 0 });

export const useMailingAddress = () => useQuery(mailingAddressQueryOptions());

/** PUT /me/address: answers the address as saved (trimmed, the country code upper-cased). */
export async function saveMailingAddress(address: MailingAddress): Promise<MailingAddress> {
  const { data } = await api.put<MailingAddress>('/me/address', address);
  return data;
}
