import type { ItemSummary } from '@keeb/shared';
import { ItemCard, type ItemCardView } from './item-card';
import styles from './item-grid.module.css';

interface ItemGridProps {
  items: readonly ItemSummary[];
  /** What the list shows, for screen readers: 'Items for sale'. */
  label: string;
  /** Photo cards in columns (default), or compact rows: small photo left, text right. */
  view?: ItemCardView;
  /** The hearts' action (a stable function: cards are memoised and re-render only when their item changes). */
  onToggleSave?: (item: ItemSummary) => void;
}

/**
 * The photos of the first cards are on screen at once (two rows of a phone's grid, one row on a desktop): they load
 * eagerly, the very first at high priority (it is the page's largest paint); the rest load as they scroll near.
 */
const EAGER_PHOTOS = 4;

export function ItemGrid({ items, label, view = 'grid', onToggleSave }: ItemGridProps) {
  return (
    <ul className={view === 'compact' ? styles.rows : styles.grid} aria-label={label}>
      {items.map((item, index) => (
        <li key={item._id} className={styles.cell}>
          <ItemCard
            item={item}
            view={view}
            onToggleSave={onToggleSave}
            photoPriority={index === 0 ? 'high' : index < EAGER_PHOTOS ? 'eager' : 'lazy'}
          />
        </li>
      ))}
    </ul>
  );
}

/** Grey cards in the grid's shape while the first page loads. */
export function ItemGridSkeleton({ count = 10, view = 'grid' }: { count?: number; view?: ItemCardView }) {
  const compact = view === 'compact';
  return (
    <ul className={compact ? styles.rows : styles.grid} aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className={styles.cell}>
          <div className={compact ? `${styles.skeleton} ${styles.skeletonRow}` : styles.skeleton}>
            <div className={styles.skeletonMedia} />
            <div className={styles.skeletonText}>
              <div className={styles.skeletonLine} />
              <div className={styles.skeletonLineShort} />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
