import { SELLER_TOOL_ERRORS, SELLER_TOOL_TEXTS } from '@keeb/shared';
import { isApiError } from './api-error';
import { formatDay } from './format';

/**
 * The text for a refusal because the seller is away (409 `{message: 'seller_away', until}`, issue 29), or null for any
 * other failure. Offers, purchases, payments and trades all meet it, so it lives here rather than in one feature.
 */
export function sellerAwayText(error: unknown): string | null {
  if (!isApiError(error) || error.code !== SELLER_TOOL_ERRORS.sellerAway) return null;
  const until = error.details.until;
  // Without a readable date the refusal still says why, with the day left out.
  const day = typeof until === 'string' && !Number.isNaN(Date.parse(until)) ? formatDay(until) : 'later';
  return SELLER_TOOL_TEXTS.awayRefused(day);
}
