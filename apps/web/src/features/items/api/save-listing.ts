import type { ItemSpecs } from '@keeb/shared';
import { api } from '../../../lib/api';

export interface ListingPayload {
  photos: string[];
  name: string;
  categoryId: string;
  description: string;
  price: number;
  offersAccepted: boolean;
  isFixedPrice: boolean;
  /** The payment email buyers pay to. */
  payment: string;
  /** The seller's private offer guardrails in dollars; null unsets one. */
  autoDeclineBelow: number | null;
  autoAcceptAt: number | null;
  /** The timestamp photo (issue 26): the code and the photo showing it, both or neither; null removes it. */
  timestampCode: string | null;
  timestampPhoto: string | null;
  /** Issue 28: open to trades, and what the seller would take ('' when closed to trades). */
  openToTrades: boolean;
  lookingFor: string;
  /** Issue 29: the category's specs ({} removes them all). */
  specs: ItemSpecs;
}

export interface NewListingPayload extends ListingPayload {
  shippingPrices: Array<{ code: string; price: number }>;
}

/** POST /item: answers the new listing's id. */
export async function createListing(payload: NewListingPayload): Promise<string> {
  const { data } = await api.post<{ _id: string }>('/item', payload);
  return data._id;
}

/** PUT /item/{id}: shipping is left out, it cannot change after listing. */
export async function updateListing(id: string, payload: ListingPayload): Promise<string> {
  const { data } = await api.put<{ _id: string }>(`/item/${encodeURIComponent(id)}`, payload);
  return data._id ?? id;
}
