import { useDeferredValue, useMemo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ItemGrid, ItemGridSkeleton } from '../../../components/item-grid';
import { useInfiniteScroll } from '../../../lib/use-infinite-scroll';
import { useItemList, type ItemListSource } from '../api/item-list-source';
import { useListPreferences, type ViewStyle } from '../api/list-preferences';
import { useToggleSave } from '../api/save-item';
import styles from './item-list.module.css';

interface ItemListProps {
  source: ItemListSource;
  /** What the list shows, for screen readers, e.g. 'Items for sale'. */
  label: string;
  /** Shown when the list is empty (spec 2.3's empty states). */
  empty: ReactNode;
  /** Grid or compact; by default the view the viewer last picked (remembered as viewStyle). */
  view?: ViewStyle;
}

/**
 * An infinitely scrolled item list over one API list (feed, search, profile, /me tabs, vault tabs), every card
 * with its heart. The toolbar (sort, view, filters) is separate and opt-in: see ListToolbar.
 */
export function ItemList({ source, label, empty, view }: ItemListProps) {
  const list = useItemList(source);
  const { preferences } = useListPreferences();
  const onToggleSave = useToggleSave();
  const shownView = view ?? preferences.viewStyle;
  const loaded = useMemo(() => list.data?.pages.flat() ?? [], [list.data]);
  // The cards render as a background (transition) render that yields to the browser every few milliseconds,
  // instead of one long task when a page arrives: react-query's updates are synchronous, and 36 cards took
  // 100-200 ms of main thread under Lighthouse's CPU slowdown. Until they are ready the skeleton stays.
  const items = useDeferredValue(loaded);

  useInfiniteScroll({
    hasMore: list.hasNextPage && !list.isError,
    // While the deferred cards are not on screen yet the page is shorter than it will be: not a reason to load more.
    loading: list.isFetching || items !== loaded,
    onLoadMore: () => void list.fetchNextPage(),
  });

  if (list.isPending || (items.length === 0 && loaded.length > 0)) return <ItemGridSkeleton view={shownView} />;

  // Spec 2.3: load errors on the list are silently ignored; whatever loaded stays on screen.
  if (items.length === 0) return list.isError ? null : <>{empty}</>;

  return (
    <>
      <ItemGrid items={items} label={label} view={shownView} onToggleSave={onToggleSave} />
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

/** Spec 2.3's plain empty state, for lists without a more specific one (profile, /me tabs, vault tabs). */
export function NoItems() {
  return <EmptyState title="No Items" />;
}

/** A feed without keyword search. */
export function NoItemsForSale() {
  return (
    <EmptyState
      title={
        <>
          No items for sale. <Link to="/sell">List an item</Link>
        </>
      }
    />
  );
}

/** A keyword search. */
export function NoSearchMatches() {
  return (
    <EmptyState title="No items matching search">
      <p>Clear your filters for a broader search</p>
    </EmptyState>
  );
}
