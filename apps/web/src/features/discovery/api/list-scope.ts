import { LIST_FILTER_LIMITS, type ItemListQuery } from '@keeb/shared';
import { useFilterChoiceLists, type FilterChoiceLists } from '../../../lib/reference/filter-choices';
import { specQueryOf, specValuesFor } from '../../../lib/specs';
import { feedSource, type ItemListSource } from './item-list-source';
import { useListPreferences, type ListFilters, type ListPreferences } from './list-preferences';

/** What the route fixes about a list screen; everything else comes from the viewer's remembered choices. */
export interface ListScope {
  /** /items/{id}: the route's category is the category filter (the remembered one is kept for other routes). */
  categoryId?: string | undefined;
  /** The vendor routes: sale type `vendor` (the remembered sale-type filter is kept for other routes). */
  saleType?: string | undefined;
  searchText?: string | undefined;
  /**
   * The feed's 'Open to trades' filter, from the page's address (?openToTrades=true, issue 28); undefined where a
   * list does not offer it.
   */
  openToTrades?: boolean | undefined;
}

/** The page address's openToTrades parameter: the filter is on for 'true' only, as the API reads it. */
export const OPEN_TO_TRADES_PARAM = 'openToTrades';
export const openToTradesOf = (params: URLSearchParams) => params.get(OPEN_TO_TRADES_PARAM) === 'true';

/**
 * The filters that apply on this route: groups the route decides are left out, and ids that are no longer
 * offered (a category removed since it was remembered) are dropped, in the choices' order so the query key
 * does not depend on the order the boxes were ticked.
 */
export function applicableFilters(filters: ListFilters, scope: ListScope, choices: FilterChoiceLists): ListFilters {
  const categories = scope.categoryId ? [] : choices.categories.map((category) => category._id).filter((id) => filters.categories.includes(id));
  return {
    categories,
    specs: specValuesFor(specCategoryOf(scope, categories), filters.specs),
    regions: choices.regions.map((region) => region.code).filter((code) => filters.regions.includes(code)),
    saleType:
      scope.saleType || !choices.saleTypes.some((saleType) => saleType._id === filters.saleType) ? null : filters.saleType,
  };
}

/**
 * The category whose specs the filters offer and apply (issue 29): the route's, else the one category chosen. With
 * none or several there is no one list of specs, so none apply (the remembered ones wait for that category).
 */
export function specCategoryOf(scope: ListScope, categories: readonly string[]): string | undefined {
  return scope.categoryId ?? (categories.length === 1 ? categories[0] : undefined);
}

/** GET /items' query for the screen; undefined fields are left out, so a change of any one is a new query key. */
export function listQuery(
  preferences: ListPreferences,
  scope: ListScope,
  choices: FilterChoiceLists,
): Omit<ItemListQuery, 'ts' | 'price' | 'likes' | 'cursorId'> {
  const filters = applicableFilters(preferences.filters, scope, choices);
  const query: Omit<ItemListQuery, 'ts' | 'price' | 'likes' | 'cursorId'> = {};
  const categoryIds = scope.categoryId ?? filters.categories.join(',');
  if (categoryIds) query.categoryIds = categoryIds;
  if (filters.regions.length) query.regions = filters.regions.join(',');
  const saleType = scope.saleType ?? filters.saleType;
  if (saleType) query.saleType = saleType;
  // The search box takes 200 characters; an address may hold more, which the API refuses (issue 36): the first 200.
  if (scope.searchText) query.searchText = scope.searchText.slice(0, LIST_FILTER_LIMITS.searchTextLength);
  if (scope.openToTrades) query.openToTrades = true;
  Object.assign(query, specQueryOf(filters.specs ?? {}));
  query.sort = preferences.sort;
  return query;
}

/** The feed's list source for a scope, following the viewer's sort and filters. */
export function useScopedFeedSource(scope: ListScope): ItemListSource {
  const { preferences } = useListPreferences();
  const choices = useFilterChoiceLists();
  return feedSource(listQuery(preferences, scope, choices));
}
