import { Link } from 'react-router-dom';
import type { Category } from '@keeb/shared';
import styles from './category-nav.module.css';

interface CategoryNavProps {
  categories: readonly Category[];
  activeId: string | undefined;
}

/** Chips that switch the feed between all items and one category (/items/{id}). */
export function CategoryNav({ categories, activeId }: CategoryNavProps) {
  const chips = [{ _id: undefined, name: 'All' }, ...categories];
  return (
    <nav aria-label="Categories" className={styles.nav}>
      <ul className={styles.list}>
        {chips.map((category) => {
          const active = category._id === activeId;
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
