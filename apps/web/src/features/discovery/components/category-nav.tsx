import { Link } from 'react-router-dom';
import type { Category } from '@keeb/shared';
import styles from './category-nav.module.css';

interface CategoryNavProps {
  categories: readonly Category[];
  /**
   * The categories the list shows: the route's, else the remembered category filter's (issue 36: 'All' stayed
   * marked while the filter showed Keyboards only). None: 'All' is marked; several: no chip is.
   */
  activeIds: readonly string[];
}

/** Chips that switch the feed between all items and one category (/items/{id}). */
export function CategoryNav({ categories, activeIds }: CategoryNavProps) {
  const chips = [{ _id: undefined, name: 'All' }, ...categories];
  return (
    <nav aria-label="Categories" className={styles.nav}>
      <ul className={styles.list}>
        {chips.map((category) => {
          const active = category._id === undefined ? activeIds.length === 0 : activeIds.length === 1 && activeIds[0] === category._id;
          return (
            <li key={category._id ?? 'all'}>
              <Link
                to={category._id ? `/items/${encodeURIComponent(category._id)}` : '/'}
                className={styles.chip}
                aria-current={active ? 'page' : undefined}
              >
                {category.name}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
