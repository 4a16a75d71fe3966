import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChangePasswordInput, EmailPreferences, Settings, WantAlertMode } from '@keeb/shared';
import { api } from '../../../lib/api';
import { sessionKeys } from '../../../lib/session';

export async function getSettings(signal?: AbortSignal): Promise<Settings> {
  const { data } = await api.get<Settings>('/me/settings', { signal });
  return data;
}

/** Kept under the session keys: logging out forgets it, signing in reloads it. */
export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.settings,
    queryFn: ({ signal }) => getSettings(signal),
    staleTime: 0,
  });

export const useSettings = () => useQuery(settingsQueryOptions());

export interface AccountUpdatePayload {
  profilePhoto?: string;
  username: string;
  bio: string;
  /** Absent for accounts that sign in with Google or Facebook: their email cannot change. */
  email?: string;
  shippingRegion: string;
  emailPreferences: EmailPreferences;
  /** Want-match mails: one per match, or a daily digest. */
  wantAlerts: WantAlertMode;
  /** Sent with a changed email: the API refuses the change without it (accounts with a password). */
  currentPassword?: string;
}

/** POST /me/account: answers the saved settings. */
export async function updateAccount(payload: AccountUpdatePayload): Promise<Settings> {
  const { data } = await api.post<Settings>('/me/account', payload);
  return data;
}

/** POST /me/avatar (multipart, field 'file'): answers the stored photo's URL. */
export async function uploadAvatar(file: File): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  const { data } = await api.post<{ url: string }>('/me/avatar', body);
  return data.url;
}

/** POST /me/password: the API signs out every other session of the account. */
export async function changePassword(input: ChangePasswordInput): Promise<void> {
  await api.post('/me/password', input);
}

/** POST /me/remove: deletes the account after checking the password. */
export async function removeAccount(password: string): Promise<void> {
  await api.post('/me/remove', { password });
}
