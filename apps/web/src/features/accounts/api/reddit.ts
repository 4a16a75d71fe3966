import { api } from '../../../lib/api';
import type { OAuthReturn } from './social-auth';

/** GET /auth/reddit?type=link: the forum's consent page. */
export async function getRedditRedirect(): Promise<string> {
  const { data } = await api.get<{ redirectUrl: string }>('/auth/reddit', { params: { type: 'link' } });
  return data.redirectUrl;
}

/** POST /auth/reddit/verify: the forum sent the user back to /settings with `code` (and `state`). */
export async function verifyReddit({ code, state }: OAuthReturn): Promise<void> {
  await api.post('/auth/reddit/verify', { code, type: 'link', ...(state ? { state } : {}) });
}

export interface ForumTransactions {
  count: number;
  isTransferred: boolean;
}

/** GET /reddit/transactions: transfers the forum's trade count to this account. */
export async function transferRedditTrades(): Promise<ForumTransactions> {
  const { data } = await api.get<{ transactions: ForumTransactions }>('/reddit/transactions');
  return data.transactions;
}

/** POST /reddit/revoke: unlinks the forum account. */
export async function revokeReddit(): Promise<void> {
  await api.post('/reddit/revoke');
}
