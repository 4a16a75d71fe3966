import type { ItemSummary } from '@keeb/shared';
import { ItemCard } from './item-card';
import styles from './item-grid.module.css';

interface ItemGridProps {
  items: readonly ItemSummary[];
  /** What the list shows, for screen readers: 'Items for sale'. */
  label: string;
}

export function ItemGrid({ items, label }: ItemGridProps) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {items.map((item) => (
        <li key={item._id} className={styles.cell}>
          <ItemCard item={item} />
        </li>
      ))}
    </ul>
  );
}

/** Grey cards in the grid's shape while the first page loads. */
export function ItemGridSkeleton({ count = 10 }: { count?: number }) {
  return (
    <ul className={styles.grid} aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className={styles.cell}>
          <div className={styles.skeleton}>
            <div className={styles.skeletonMedia} />
            <div className={styles.skeletonLine} />
            <div className={styles.skeletonLineShort} />
          </div>
        </li>
      ))}
    </ul>
  );
}
