/**
 * The columns a seller's listing form writes, the same on create and on edit (create-edit-actions.ts): the form's
 * own fields, its trade terms, timestamp and offer guardrails (each falling back to the stored value an edit left
 * out), which photo URLs a listing may hold, and the items_auto_* check violations read back as the form's 400s.
 * Pure functions of the form and the stored row, kept beside spec-columns.ts, which does the same for the specs.
 */
import { dollarsToCents, ITEM_ERRORS, PHOTO_LINK_HOSTS, photoVariants, type ValidItemInput } from '@keeb/shared';
import { checkViolation } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';

/** Photo URLs a listing may hold: our own uploads of this seller, or https links to the two photo hosts. */
export function acceptablePhoto(url: string, sellerId: string): boolean {
  if (url.startsWith(`/uploads/items/${sellerId}/`) && /^\/uploads\/items\/[\w-]+\/[\w-]+\.jpg$/.test(url)) return true;
  const match = /^https:\/\/([^/]+)\/[^?#]+\.(jpe?g|png)$/i.exec(url);
  return Boolean(match && (PHOTO_LINK_HOSTS as readonly string[]).includes(match[1]!.toLowerCase()));
}

/** The columns a seller's form sets, the same on create and on edit; the thumbnail follows the first photo. */
export function listingColumns(input: ValidItemInput) {
  return {
    categoryId: input.categoryId,
    name: input.name,
    description: input.description,
    priceCents: dollarsToCents(input.price),
    paymentEmail: input.payment,
    offersAccepted: input.offersAccepted,
    isFixedPrice: input.isFixedPrice,
    photos: input.photos,
    thumbnail: photoVariants(input.photos[0]!).list,
  };
}

type TradeTerms = { openToTrades: boolean; lookingFor: string };

/**
 * Issue 28: open to trades and what the seller looks for, as the form sent them, or the stored ones it left out (an
 * edit only); a listing closed to trades looks for nothing (the schema already empties it when the form closes it).
 */
export function tradeColumns(input: ValidItemInput, stored: TradeTerms = { openToTrades: false, lookingFor: '' }): TradeTerms {
  const openToTrades = input.openToTrades ?? stored.openToTrades;
  return { openToTrades, lookingFor: openToTrades ? (input.lookingFor ?? stored.lookingFor) : '' };
}

type StoredTimestamp = { timestampCode: string | null; timestampPhoto: string | null };

/**
 * The timestamp columns of a save: the form's, or (an edit that left them out) the stored ones while their photo
 * is still one of the listing's: a seller who deletes the marked photo loses the mark rather than keep a claim
 * no photo shows.
 */
export function timestampColumns(input: ValidItemInput, stored: StoredTimestamp = { timestampCode: null, timestampPhoto: null }): StoredTimestamp {
  if (input.timestamp === undefined) {
    const kept = stored.timestampPhoto !== null && input.photos.includes(stored.timestampPhoto);
    return kept ? { timestampCode: stored.timestampCode, timestampPhoto: stored.timestampPhoto } : { timestampCode: null, timestampPhoto: null };
  }
  return { timestampCode: input.timestamp?.code ?? null, timestampPhoto: input.timestamp?.photo ?? null };
}

type Guardrails = { autoDeclineBelowCents: number | null; autoAcceptAtCents: number | null };
const cents = (value: number | null) => (value === null ? null : dollarsToCents(value));

/** The guardrail columns of a save: the form's values, or the stored ones the form left out (an edit only). */
export function guardrailColumns(input: ValidItemInput, stored: Guardrails = { autoDeclineBelowCents: null, autoAcceptAtCents: null }): Guardrails {
  return {
    autoDeclineBelowCents: input.autoDeclineBelow === undefined ? stored.autoDeclineBelowCents : cents(input.autoDeclineBelow),
    autoAcceptAtCents: input.autoAcceptAt === undefined ? stored.autoAcceptAtCents : cents(input.autoAcceptAt),
  };
}

/** The items_auto_* checks, as the form's rules answer them: a save that slipped past the rules is a 400, not a 500. */
const GUARDRAIL_CHECKS: Record<string, [code: string, field: string]> = {
  items_auto_decline_positive: [ITEM_ERRORS.price, 'autoDeclineBelow'],
  items_auto_accept_positive: [ITEM_ERRORS.price, 'autoAcceptAt'],
  items_auto_order: [ITEM_ERRORS.autoOrder, 'autoDeclineBelow'],
  items_auto_below_price: [ITEM_ERRORS.autoAbovePrice, 'autoAcceptAt'],
};

export function guardrailRefusal(error: unknown): never {
  const refused = GUARDRAIL_CHECKS[checkViolation(error) ?? ''];
  if (refused) throw new AppError(400, refused[0], { field: refused[1] });
  throw error;
}
