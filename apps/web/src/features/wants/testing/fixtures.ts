import type { Want, WantMatch } from '@keeb/shared';
import { makeItem } from '../../../test/make-item';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A want as GET /me/wants answers it: active, 60 days left, no matches, unless told otherwise. */
export function makeWant(overrides: Partial<Want> = {}): Want {
  return {
    _id: 'w1',
    searchText: 'tofu65',
    categoryIds: [],
    regions: [],
    maxPrice: null,
    saleTypeId: null,
    specs: {},
    paused: false,
    expiresAt: new Date(Date.now() + 60 * DAY_MS).toISOString(),
    isExpired: false,
    createdAt: new Date(Date.now() - 30 * DAY_MS).toISOString(),
    matchCount: 0,
    newMatches: 0,
    ...overrides,
  };
}

/** A matched listing as GET /me/wants/{id}/matches answers it: makeItem's card, at a want's prices and dates. */
export function makeWantMatch(index: number, overrides: Partial<WantMatch> = {}): WantMatch {
  const matchedAt = new Date(Date.UTC(2026, 0, 10) - index * 60_000).toISOString();
  return {
    ...makeItem(index, { name: `Tofu65 board ${index}`, price: 150 + index, timeListed: matchedAt }),
    matchedAt,
    matchedPrice: 165 + index,
    ...overrides,
  };
}
