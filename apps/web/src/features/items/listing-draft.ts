// The sell form's draft as typed (fields, shipping rows) and how its refusals map to the inputs they focus.
import { PRICE_MAX, PRICE_MAX_LENGTH, type ItemDetail } from '@keeb/shared';
import { specDraftOf, type SpecDraft } from '../../lib/specs';
import { DETAILS_FIELD_IDS } from './components/listing-details-fields';
import { PAYMENT_FIELD_IDS, type PaymentDraft } from './components/listing-payment-fields';
import { TRADE_FIELD_IDS, type TradeDraft } from './components/listing-trade-fields';
import { specFieldId } from './components/listing-spec-fields';
import { PHOTO_UPLOAD_BUTTON_ID } from './components/photo-manager';
import type { ShippingDraft } from './components/shipping-fieldset';

export interface ListingDraft extends PaymentDraft, TradeDraft {
  categoryId: string;
  name: string;
  description: string;
  /** Issue 29: the category's specs as typed (lib/specs.ts). */
  specs: SpecDraft;
}

const guardrailText = (dollars: number | null | undefined) => (dollars === null || dollars === undefined ? '' : String(dollars));

export function draftOf(item: ItemDetail | undefined): ListingDraft {
  return {
    categoryId: item?.categoryId ?? '',
    name: item?.name ?? '',
    description: item?.description ?? '',
    // Kept by an edit and by a copy (issue 29).
    specs: specDraftOf(item?.specs),
    price: item ? String(item.price) : '',
    payment: item?.paymentEmail ?? '',
    isFixedPrice: item?.isFixedPrice ?? false,
    offersAccepted: item?.offersAccepted ?? false,
    autoDeclineBelow: guardrailText(item?.autoDeclineBelow),
    autoAcceptAt: guardrailText(item?.autoAcceptAt),
    // Kept by an edit and by a copy (issue 28).
    openToTrades: item?.openToTrades ?? false,
    lookingFor: item?.lookingFor ?? '',
  };
}

export function shippingOf(item: ItemDetail | undefined): ShippingDraft {
  const draft: ShippingDraft = {};
  for (const shipping of item?.shippingPrices ?? []) {
    draft[shipping.code] = { selected: true, price: String(shipping.price) };
  }
  return draft;
}

/**
 * A shipping price as sent: an empty box (or only spaces) is the '$ 0' its placeholder shows, so it is free
 * shipping and goes through the free-shipping question like a typed 0, not 'Shipping prices must be numbers'.
 */
export const shippingPriceText = (text: string | undefined) => (text?.trim() ? text : '0');

/** Only to mark which shipping prices are at fault; whether one is, the shared rule decides. */
export const isShippingPriceText = (text: string) => /^\d+(\.\d{1,2})?$/.test(text.trim()) && text.trim().length <= PRICE_MAX_LENGTH && Number(text) <= PRICE_MAX;

export interface ListingError {
  /** The input field the rule belongs to; none for a message in the form's banner. */
  field?: string;
  message: string;
  /** The element that gets focus. */
  focusId?: string;
  /** Shipping rows at fault. */
  shippingCodes?: ReadonlySet<string>;
}

export const FIELD_IDS: Record<string, string> = {
  ...DETAILS_FIELD_IDS,
  ...PAYMENT_FIELD_IDS,
  ...TRADE_FIELD_IDS,
  photos: PHOTO_UPLOAD_BUTTON_ID,
  timestampCode: PHOTO_UPLOAD_BUTTON_ID,
  timestampPhoto: PHOTO_UPLOAD_BUTTON_ID,
};

/** The element a rule's field puts the focus on: a spec's (`specs.<key>`) is its input, or its group's first box. */
export const focusIdOf = (field: string | undefined) => (field === undefined ? undefined : field.startsWith('specs.') ? specFieldId(field.slice('specs.'.length)) : FIELD_IDS[field]);

/** Fields whose rules also read the price and sale options, so a change there may settle them. */
export const GUARDRAIL_FIELDS = new Set(['autoDeclineBelow', 'autoAcceptAt']);

export const NO_CODES: ReadonlySet<string> = new Set();
