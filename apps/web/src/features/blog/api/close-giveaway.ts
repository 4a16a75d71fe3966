import { api } from '../../../lib/api';
import { blogPath } from './keys';

/** POST /blog/{id}/giveaway/close (admin): no more entries. */
export async function closeGiveaway(id: string): Promise<void> {
  await api.post(`${blogPath(id)}/giveaway/close`);
}
