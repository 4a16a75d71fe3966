import { formatCount, PRICE_MAX, PRICE_MAX_LENGTH } from '@keeb/shared';

/** Spec part 1 section 9 and part 2 section 9: price, offer and counter inputs hold at most 8 characters. */
export const PRICE_INPUT_MAX_LENGTH = PRICE_MAX_LENGTH;

/**
 * The offer and counter rules (spec part 1 section 5 "Send offer", part 2 section 5), in the spec's order, for
 * the field named `label` ('Offer price', 'Counter price'). Whole dollars or cents, like the server's rule
 * (shared `isPrice`), without pulling the schemas into the page.
 */
export function priceInputError(label: string, text: string): string | null {
  const value = text.trim();
  if (value === '') return `${label} required`;
  if (value.length > PRICE_MAX_LENGTH || !/^\d+(\.\d{1,2})?$/.test(value)) return `${label} must be a number`;
  // Our rules beyond the spec's two (docs/decisions/0169-price-fields-beyond-specs-two-rules.md).
  if (Number(value) <= 0) return `${label} must be more than $0`;
  if (Number(value) > PRICE_MAX) return `${label} cannot be more than $${formatCount(PRICE_MAX)}`;
  return null;
}
