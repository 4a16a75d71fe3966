import { Link } from 'react-router-dom';
import { ItemGrid, ItemGridSkeleton } from '../../../components/item-grid';
import { useInfiniteScroll } from '../../../lib/use-infinite-scroll';
import { useItemFeed, type ItemFeedFilters } from '../api/get-items';
import styles from './item-feed.module.css';

/** The infinite item grid of the feed and search routes, with the spec's empty states. */
export function ItemFeed({ filters }: { filters: ItemFeedFilters }) {
  const feed = useItemFeed(filters);
  const items = feed.data?.pages.flat() ?? [];

  useInfiniteScroll({
    hasMore: feed.hasNextPage && !feed.isError,
    loading: feed.isFetching,
    onLoadMore: () => void feed.fetchNextPage(),
  });

  if (feed.isPending) return <ItemGridSkeleton />;

  // Spec 2.3: load errors on the list are silently ignored; whatever loaded stays on screen.
  if (items.length === 0) {
    if (feed.isError) return null;
    return filters.searchText ? (
      <div className={styles.empty}>
        <p className={styles.emptyTitle}>No items matching search</p>
        <p>Clear your filters for a broader search</p>
      </div>
    ) : (
      <div className={styles.empty}>
        <p className={styles.emptyTitle}>
          No items for sale. <Link to="/sell">List an item</Link>
        </p>
      </div>
    );
  }

  return (
    <>
      <ItemGrid items={items} label="Items for sale" />
      {feed.isFetchingNextPage ? (
        <p className={styles.more} role="status">
          <span className={styles.spinner} aria-hidden="true" />
          Loading more items…
        </p>
      ) : null}
    </>
  );
}
