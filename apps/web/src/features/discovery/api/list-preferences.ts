import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { isItemSort, type ItemListQuery } from '@keeb/shared';
import { countSpecValues, parseSpecValues, type SpecValues } from '../../../lib/specs';
import { readStorage, writeStorage } from '../../../lib/storage';
import { STORAGE_KEYS } from '../../../lib/storage-keys';

export type ListSort = NonNullable<ItemListQuery['sort']>;
export type ViewStyle = 'grid' | 'compact';

/** The Filters modal's choices: category ids, shipping region codes and at most one sale type (the API filters by one). */
export interface ListFilters {
  categories: readonly string[];
  regions: readonly string[];
  saleType: string | null;
  /**
   * Only listings open to trades (issue 28). Not remembered: it lives in the page's address (?openToTrades=true),
   * so a trades feed can be linked from a forum post, and a visit next week does not silently hide most listings.
   */
  openToTrades?: boolean;
  /**
   * Specs (issue 29): for each key, the values any of which will do. Offered, and applied, while exactly one
   * category is in effect (list-scope.ts); remembered like the categories.
   */
  specs?: SpecValues;
}

/** Spec 2.3 and 9: how item lists are shown and filtered, remembered in localStorage. */
export interface ListPreferences {
  viewStyle: ViewStyle;
  sort: ListSort;
  filters: ListFilters;
}

export const NO_FILTERS: ListFilters = { categories: [], regions: [], saleType: null, specs: {} };
export const DEFAULT_LIST_PREFERENCES: ListPreferences = { viewStyle: 'grid', sort: 'def', filters: NO_FILTERS };

const MAX_IDS = 50;

function readIds(key: (typeof STORAGE_KEYS)['categoryFilter' | 'regionFilter']): string[] {
  const raw = readStorage(key);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    const ids = parsed.filter((id): id is string => typeof id === 'string' && id !== '' && id.length <= 100);
    return [...new Set(ids)].slice(0, MAX_IDS);
  } catch {
    return [];
  }
}

function readSpecs(): SpecValues {
  const raw = readStorage(STORAGE_KEYS.specFilter);
  if (!raw) return {};
  try {
    return parseSpecValues(JSON.parse(raw));
  } catch {
    return {};
  }
}

/** Each key on its own: a corrupt or unknown value falls back to its default and leaves the others alone. */
export function loadListPreferences(): ListPreferences {
  const viewStyle = readStorage(STORAGE_KEYS.viewStyle);
  const sort = readStorage(STORAGE_KEYS.sort);
  const saleType = readStorage(STORAGE_KEYS.filterSaleType);
  return {
    viewStyle: viewStyle === 'compact' ? 'compact' : 'grid',
    sort: isItemSort(sort) ? sort : 'def',
    filters: {
      categories: readIds(STORAGE_KEYS.categoryFilter),
      regions: readIds(STORAGE_KEYS.regionFilter),
      saleType: saleType && saleType.length <= 100 ? saleType : null,
      specs: readSpecs(),
    },
  };
}

export function countFilters(filters: ListFilters): number {
  return (
    filters.categories.length + filters.regions.length + (filters.saleType ? 1 : 0) + (filters.openToTrades ? 1 : 0) + countSpecValues(filters.specs)
  );
}

/**
 * Kept in the query cache rather than a module variable: read from localStorage once per app (per query
 * client, so every test starts from what its own localStorage holds), shared by every list screen, and
 * never refetched (nothing on a server can be newer).
 */
export const listPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: ['preferences', 'item-list'] as const,
    queryFn: () => loadListPreferences(),
    initialData: loadListPreferences,
    staleTime: Infinity,
    gcTime: Infinity,
  });

function persist(change: Partial<ListPreferences>): void {
  if (change.viewStyle) writeStorage(STORAGE_KEYS.viewStyle, change.viewStyle);
  if (change.sort) writeStorage(STORAGE_KEYS.sort, change.sort);
  const { filters } = change;
  if (!filters) return;
  writeStorage(STORAGE_KEYS.categoryFilter, JSON.stringify(filters.categories));
  writeStorage(STORAGE_KEYS.regionFilter, JSON.stringify(filters.regions));
  writeStorage(STORAGE_KEYS.filterSaleType, filters.saleType ?? '');
  writeStorage(STORAGE_KEYS.specFilter, JSON.stringify(filters.specs ?? {}));
  // `filter` mirrors the number of enabled filters (the Filters button's count) for anything outside the
  // lists; the lists themselves always count from the keys above.
  writeStorage(STORAGE_KEYS.filter, String(countFilters(filters)));
}

/** The remembered list preferences and their setters; each change is written to localStorage at once. */
export function useListPreferences() {
  const queryClient = useQueryClient();
  const { data } = useQuery(listPreferencesQueryOptions());
  const update = useCallback(
    (change: Partial<ListPreferences>) => {
      const key = listPreferencesQueryOptions().queryKey;
      const next = { ...(queryClient.getQueryData(key) ?? DEFAULT_LIST_PREFERENCES), ...change };
      queryClient.setQueryData(key, next);
      persist(change);
    },
    [queryClient],
  );
  const setViewStyle = useCallback((viewStyle: ViewStyle) => update({ viewStyle }), [update]);
  const setSort = useCallback((sort: ListSort) => update({ sort }), [update]);
  const setFilters = useCallback((filters: ListFilters) => update({ filters }), [update]);
  return { preferences: data, setViewStyle, setSort, setFilters };
}
