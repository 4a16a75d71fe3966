import type { ReactNode } from 'react';
import { ItemGrid, ItemGridSkeleton } from '../../../components/item-grid';
import { useInfiniteScroll } from '../../../lib/use-infinite-scroll';
import { useItemList, type ItemListSource } from '../api/item-list-source';
import styles from './item-list.module.css';

interface ItemListProps {
  source: ItemListSource;
  /** What the list shows, for screen readers, e.g. 'Items for sale'. */
  label: string;
  /** Shown when the list is empty (spec 2.3's empty states). */
  empty: ReactNode;
}

/** An infinitely scrolled item grid over one API list (feed, search, profile, /me tabs, vault tabs). */
export function ItemList({ source, label, empty }: ItemListProps) {
  const list = useItemList(source);
  const items = list.data?.pages.flat() ?? [];

  useInfiniteScroll({
    hasMore: list.hasNextPage && !list.isError,
    loading: list.isFetching,
    onLoadMore: () => void list.fetchNextPage(),
  });

  if (list.isPending) return <ItemGridSkeleton />;

  // Spec 2.3: load errors on the list are silently ignored; whatever loaded stays on screen.
  if (items.length === 0) return list.isError ? null : <>{empty}</>;

  return (
    <>
      <ItemGrid items={items} label={label} />
      {list.isFetchingNextPage ? (
        <p className={styles.more} role="status">
          <span className={styles.spinner} aria-hidden="true" />
          Loading more items…
        </p>
      ) : null}
    </>
  );
}

/** The empty-state box: a title line and optional detail. */
export function EmptyState({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className={styles.empty}>
      <p className={styles.emptyTitle}>{title}</p>
      {children}
    </div>
  );
}
