import { api } from '../../../lib/api';

/** POST /confirm-email: true when the link's token confirmed the address. */
export async function confirmEmail(token: string): Promise<boolean> {
  const { data } = await api.post<boolean>('/confirm-email', { token });
  return data === true;
}

/** GET /resend-confirmation: shared with the listing and item screens, so it lives with the session. */
export { resendConfirmation } from '../../../lib/session';
