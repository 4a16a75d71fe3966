import type { SaverOfferSent } from '@keeb/shared';
import { api } from '../../../lib/api';

/** POST /item/{id}/offer-to-savers (issue 29): a one-time price for everyone who saved the item, for 24 hours. */
export async function offerToSavers(itemId: string, price: string): Promise<SaverOfferSent> {
  const { data } = await api.post<SaverOfferSent>(`/item/${encodeURIComponent(itemId)}/offer-to-savers`, { price });
  return data;
}
