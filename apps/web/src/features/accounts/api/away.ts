import type { AwayStatus } from '@keeb/shared';
import { api } from '../../../lib/api';

/** PUT /me/away {until: 'YYYY-MM-DD'} (issue 29): away until 00:00 UTC that day; answers the stored instant. */
export async function setAway(until: string): Promise<AwayStatus> {
  const { data } = await api.put<AwayStatus>('/me/away', { until });
  return data;
}

/** DELETE /me/away: back at once; answers {until: null}. */
export async function endAway(): Promise<AwayStatus> {
  const { data } = await api.delete<AwayStatus>('/me/away');
  return data;
}
