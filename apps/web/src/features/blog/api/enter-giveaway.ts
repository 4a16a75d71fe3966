import { api } from '../../../lib/api';

/** POST /blog/giveaway/enter: one entry per user and post. */
export async function enterGiveaway(input: { blogId: string; fullName: string }): Promise<void> {
  await api.post('/blog/giveaway/enter', input);
}
