/** Every key this app writes to localStorage, in one place so features never collide or drift. */
export const STORAGE_KEYS = {
  viewStyle: 'viewStyle',
  sort: 'sort',
  categoryFilter: 'categoryFilter',
  regionFilter: 'regionFilter',
  filter: 'filter',
  filterSaleType: 'filterSaleType',
  cookiesAccepted: 'cookiesAccepted',
  createAccountModalShown: 'createAccountModalShown',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];
