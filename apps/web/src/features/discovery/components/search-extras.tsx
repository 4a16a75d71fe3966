import type { ReactNode } from 'react';
import { feedSearchOf, type FeedSearch, type FeedSearchQuery } from '../api/feed-search';
import { priceHistoryQueryOf } from '../api/price-history';
import { PriceHistorySummary } from './price-history-summary';
import styles from './search-extras.module.css';

/** What a list is searched and filtered by (its sort and cursor aside). */
export type ListFilters = FeedSearchQuery;

/** What a page offers to do with a searched or filtered list's search: app/ passes 'Save this search as a want'. */
export type SearchAction = (search: FeedSearch) => ReactNode;

/**
 * Above a searched or filtered list: the page's search action and what such items sold for lately. Nothing for
 * an unfiltered list (`list` undefined): there is no search to save, and a median of everything prices nothing.
 */
export function SearchExtras({ list, searchAction }: { list: ListFilters | undefined; searchAction?: SearchAction | undefined }) {
  const search = feedSearchOf(list);
  return (
    <>
      {search && searchAction ? <div className={styles.searchAction}>{searchAction(search)}</div> : null}
      <PriceHistorySummary query={priceHistoryQueryOf(list)} className={styles.priceHistory} />
    </>
  );
}
