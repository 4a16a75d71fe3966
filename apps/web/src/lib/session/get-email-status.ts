import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';
import { sessionKeys } from './keys';
import { useIsLoggedIn } from './get-session';

export interface EmailStatus {
  didConfirmEmail: boolean;
}

/** GET /me/verified: listing and buying need a confirmed email (spec 6). */
export async function getEmailStatus(signal?: AbortSignal): Promise<EmailStatus> {
  const { data } = await api.get<EmailStatus>('/me/verified', { signal });
  return data;
}

export const emailStatusQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.emailStatus,
    queryFn: ({ signal }) => getEmailStatus(signal),
    staleTime: 0,
  });

/** The signed-in user's email status; never asked for visitors. */
export function useEmailStatus() {
  const isLoggedIn = useIsLoggedIn();
  return useQuery({ ...emailStatusQueryOptions(), enabled: isLoggedIn });
}

/** GET /resend-confirmation: mails a new verification link. */
export async function resendConfirmation(): Promise<void> {
  await api.get('/resend-confirmation');
}
