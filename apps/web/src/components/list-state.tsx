import type { UseInfiniteQueryResult, UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from './button';
import styles from './list-state.module.css';

interface ListStateProps<T> {
  query: Pick<UseQueryResult, 'isError' | 'refetch'>;
  /** The loaded rows, undefined while loading or after a failure. */
  rows: T[] | undefined;
  /** The spec's empty text ('No Offers', 'No Messages'). */
  empty: string;
  /** Said when the list could not load, before 'Try again'. */
  failed: string;
  /** The accessible name of the loading placeholder. */
  loadingLabel: string;
  /** Height of each placeholder row, like the rows it stands for. */
  skeletonHeight?: number;
  children: (rows: T[]) => ReactNode;
}

/** A list page's four states: loading (placeholder rows), failed (with a retry), empty, or the list itself. */
export function ListState<T>({ query, rows, empty, failed, loadingLabel, skeletonHeight = 72, children }: ListStateProps<T>) {
  if (rows) return rows.length === 0 ? <p className={styles.empty}>{empty}</p> : children(rows);
  if (query.isError) {
    return (
      <div className={styles.error} role="alert">
        {failed}{' '}
        <Button variant="ghost" size="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <div className={styles.loading} aria-busy="true" aria-label={loadingLabel}>
      <div className={styles.skeleton} style={{ height: skeletonHeight }} />
      <div className={styles.skeleton} style={{ height: skeletonHeight }} />
    </div>
  );
}

/** Under a paged list: its 'load more' button while there is a next page, and a line when a next page failed. */
export function LoadMore({
  query,
  label,
  failed,
}: {
  query: Pick<UseInfiniteQueryResult, 'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage' | 'isFetchNextPageError'>;
  label: string;
  failed: string;
}) {
  return (
    <>
      {query.hasNextPage ? (
        <Button variant="secondary" block pending={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {label}
        </Button>
      ) : null}
      {query.isFetchNextPageError ? (
        <p className={styles.error} role="alert">
          {failed}
        </p>
      ) : null}
    </>
  );
}
