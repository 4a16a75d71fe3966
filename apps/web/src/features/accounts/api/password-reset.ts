import { api } from '../../../lib/api';

/** POST /password/forgot: mails a reset link. */
export async function forgotPassword(email: string): Promise<void> {
  await api.post('/password/forgot', { email });
}

/** POST /password/{token}/valid */
export async function isResetTokenValid(token: string): Promise<boolean> {
  const { data } = await api.post<{ valid: boolean }>(`/password/${encodeURIComponent(token)}/valid`);
  return data.valid === true;
}

/** POST /password/{token}/reset: true once the password is changed, false when the request has expired. */
export async function resetPassword(token: string, password: string): Promise<boolean> {
  const { data } = await api.post<boolean>(`/password/${encodeURIComponent(token)}/reset`, { password });
  return data === true;
}
