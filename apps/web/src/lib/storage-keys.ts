/**
 * Every key this app writes to localStorage, in one place so features never collide or drift. The item-list
 * keys (features/discovery/api/list-preferences.ts) hold: viewStyle 'grid' | 'compact'; sort a sort code
 * (def, old, low, high, rate); categoryFilter and regionFilter JSON arrays of category ids and region codes;
 * filterSaleType one sale-type id or '' for any; specFilter (issue 29) a JSON object of spec key -> chosen values
 * ({"size":["65%"]}; absent in preferences stored before it, which read as none); filter the number of enabled
 * filters (written, never trusted).
 */
export const STORAGE_KEYS = {
  viewStyle: 'viewStyle',
  sort: 'sort',
  categoryFilter: 'categoryFilter',
  regionFilter: 'regionFilter',
  filter: 'filter',
  filterSaleType: 'filterSaleType',
  specFilter: 'specFilter',
  cookiesAccepted: 'cookiesAccepted',
  createAccountModalShown: 'createAccountModalShown',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];
