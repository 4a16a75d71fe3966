import { api } from '../../../lib/api';

/** POST /offer (spec part 2, section 3): the server takes the shipping price from the listing, not from here. */
export async function makeOffer(input: { itemId: string; offerPrice: string; offerShippingPrice: number }): Promise<void> {
  await api.post('/offer', input);
}
