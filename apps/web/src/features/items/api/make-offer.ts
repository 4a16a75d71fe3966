import type { MadeOffer } from '@keeb/shared';
import { api } from '../../../lib/api';

/**
 * POST /offer (spec part 2, section 3): the server takes the shipping price from the listing, not from here. The
 * seller's guardrails may answer at once: declined (`autoDeclined`) or accepted (`autoAccepted`).
 */
export async function makeOffer(input: { itemId: string; offerPrice: string; offerShippingPrice: number }): Promise<MadeOffer> {
  const { data } = await api.post<MadeOffer>('/offer', input);
  return data;
}
