import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useFilterChoiceLists } from '../../../lib/reference/filter-choices';
import { applicableFilters, listQuery, OPEN_TO_TRADES_PARAM, type ListScope } from '../api/list-scope';
import { countFilters, useListPreferences, type ListFilters } from '../api/list-preferences';
import { SortMenu } from './sort-menu';
import { ViewToggle } from './view-toggle';
import styles from './list-toolbar.module.css';

// The modal (its groups, the spec filter groups and the facet counts) loads when Filters is first pressed, pointed at
// or focused, not with every list: it kept the feed's first load over its 150 KB budget (issue 35).
const loadFiltersModal = () => import('./filters-modal');
const FiltersModal = lazy(async () => ({ default: (await loadFiltersModal()).FiltersModal }));
const preloadFiltersModal = () => void loadFiltersModal();

function FilterIcon() {
  return (
    <svg className={styles.filterIcon} width={18} height={18} viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round">
      <path d="M4 6h16M7 12h10M10 18h4" />
    </svg>
  );
}

interface ListToolbarProps {
  /** What the route fixes (its category, the vendor sale type): those filter groups are not offered. */
  scope?: ListScope;
  /** The sort menu (lists whose API call takes a sort). */
  sort?: boolean;
  /** The Filters button and modal (the feed's lists). */
  filters?: boolean;
}

/**
 * Spec 2.3's list toolbar: sort menu, Filters button with its count, grid/compact toggle. Every choice is
 * remembered (see list-preferences); the list follows through useScopedFeedSource and ItemList.
 */
export function ListToolbar({ scope = {}, sort = true, filters = true }: ListToolbarProps) {
  const { preferences, setSort, setViewStyle, setFilters } = useListPreferences();
  const choices = useFilterChoiceLists();
  const [filtersOpen, setFiltersOpen] = useState(false);
  // Mounted from the first opening on, so that closing it plays out as before.
  const [filtersOpened, setFiltersOpened] = useState(false);
  const [, setParams] = useSearchParams();
  // The trades filter is the page address's (list-scope.ts), the others are remembered.
  const tradesOffered = scope.openToTrades !== undefined;
  const enabled = countFilters({ ...applicableFilters(preferences.filters, scope, choices), openToTrades: scope.openToTrades === true });
  // The facet counts are counted over the feed's query as the draft would make it (its sort aside).
  const facetQueryOf = (draft: ListFilters) => {
    const openToTrades = tradesOffered ? draft.openToTrades === true : scope.openToTrades;
    const { sort: _sort, ...query } = listQuery({ ...preferences, filters: draft }, { ...scope, openToTrades }, choices);
    return query;
  };

  return (
    <div className={styles.toolbar}>
      <div className={styles.start}>
        {sort ? <SortMenu value={preferences.sort} onChange={setSort} /> : null}
        {filters ? (
          <button
            type="button"
            className={styles.control}
            aria-haspopup="dialog"
            aria-label={enabled > 0 ? `Filters (${enabled} enabled)` : 'Filters'}
            onPointerEnter={preloadFiltersModal}
            onFocus={preloadFiltersModal}
            onClick={() => {
              setFiltersOpened(true);
              setFiltersOpen(true);
            }}
          >
            <FilterIcon />
            Filters
            {enabled > 0 ? (
              <span className={styles.count} aria-hidden="true">
                {enabled}
              </span>
            ) : null}
          </button>
        ) : null}
      </div>
      <ViewToggle value={preferences.viewStyle} onChange={setViewStyle} />
      {filters && filtersOpened ? (
        <Suspense fallback={null}>
          <FiltersModal
            open={filtersOpen}
            onClose={() => setFiltersOpen(false)}
            value={{ ...preferences.filters, openToTrades: scope.openToTrades === true }}
            choices={{
              categories: scope.categoryId ? undefined : choices.categories,
              regions: choices.regions,
              saleTypes: scope.saleType ? undefined : choices.saleTypes,
              openToTrades: tradesOffered,
              categoryId: scope.categoryId,
            }}
            facetQueryOf={facetQueryOf}
            onApply={({ openToTrades, ...remembered }) => {
              setFilters(remembered);
              if (tradesOffered && openToTrades !== scope.openToTrades) {
                setParams(
                  (params) => {
                    const next = new URLSearchParams(params);
                    if (openToTrades) next.set(OPEN_TO_TRADES_PARAM, 'true');
                    else next.delete(OPEN_TO_TRADES_PARAM);
                    return next;
                  },
                  { replace: false },
                );
              }
              setFiltersOpen(false);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
