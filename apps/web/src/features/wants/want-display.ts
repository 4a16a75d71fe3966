import { formatPrice, WANT_LIMITS, wantLabel, type Want } from '@keeb/shared';
import type { FilterChoiceLists } from '../../lib/reference/filter-choices';
import { specSummary } from '../../lib/specs';

const DAY_MS = 24 * 60 * 60 * 1000;

export const shortDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

const nameIn = (list: readonly { _id: string; name: string }[]) => (id: string) =>
  list.find((entry) => entry._id === id)?.name ?? id;

/** What the want is called in its row and in alerts: its words, else its categories' names. */
export const labelOf = (want: Pick<Want, 'searchText' | 'categoryIds'>, choices: FilterChoiceLists) =>
  wantLabel(want, nameIn(choices.categories));

/** The status line: 'Active', 'Paused' or 'Expired on {date}'. */
export function statusOf(want: Pick<Want, 'paused' | 'isExpired' | 'expiresAt'>): { tone: 'active' | 'paused' | 'expired'; text: string } {
  if (want.isExpired) return { tone: 'expired', text: `Expired on ${shortDate(want.expiresAt)}` };
  if (want.paused) return { tone: 'paused', text: 'Paused' };
  return { tone: 'active', text: 'Active' };
}

/**
 * Renewing is offered once the owner is warned (a week before the end) and after it lapsed; earlier it would only
 * crowd the row on a phone.
 */
export function canRenew(want: Pick<Want, 'isExpired' | 'expiresAt'>, now: number = Date.now()): boolean {
  return want.isExpired || new Date(want.expiresAt).getTime() - now <= WANT_LIMITS.warnDaysBefore * DAY_MS;
}

/**
 * The filters beside the words, in words: 'Keyboards · Size: 65%, 75% · Ships to Europe · Up to $300 · Vendor
 * Product'.
 */
export function filtersOf(
  want: Pick<Want, 'searchText' | 'categoryIds' | 'regions' | 'maxPrice' | 'saleTypeId'> & { specs?: Want['specs'] },
  choices: FilterChoiceLists,
): string[] {
  const parts: string[] = [];
  // Without words the categories are the label already.
  if (want.searchText && want.categoryIds.length) parts.push(want.categoryIds.map(nameIn(choices.categories)).join(', '));
  parts.push(...specSummary(want.specs));
  if (want.regions.length) {
    const regionName = (code: string) => choices.regions.find((region) => region.code === code)?.name ?? code;
    parts.push(`Ships to ${want.regions.map(regionName).join(', ')}`);
  }
  if (want.maxPrice !== null) parts.push(`Up to ${formatPrice(want.maxPrice)} with shipping`);
  if (want.saleTypeId) parts.push(nameIn(choices.saleTypes)(want.saleTypeId));
  return parts;
}
