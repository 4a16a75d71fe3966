import { Link, Navigate, useParams } from 'react-router-dom';
import { CATEGORIES } from '@keeb/shared';
import { usePageTitle } from '../../../lib/page-meta';
import { useCategories } from '../../../lib/reference/get-categories';
import { CategoryNav } from '../components/category-nav';
import { feedSource } from '../api/item-list-source';
import { EmptyState, ItemList } from '../components/item-list';
import styles from './feed-page.module.css';

/** The home feed (/), a category (/items/{id}) and keyword search, in or out of a category. */
export function FeedPage() {
  const { categoryId, searchText } = useParams();
  const categoriesQuery = useCategories();
  const categories = categoriesQuery.data?.categories ?? CATEGORIES;
  const category = categoryId ? categories.find((candidate) => candidate._id === categoryId) : undefined;
  usePageTitle(searchText ? undefined : category?.name);

  if (categoryId && categoriesQuery.isSuccess && !category) return <Navigate to="/404" replace />;

  const source = feedSource({ categoryIds: categoryId, searchText, sort: 'def' });

  return (
    <section className={styles.page}>
      <div className={styles.header}>
        {searchText ? (
          <h1 className={styles.heading}>
            Search results{' '}
            <span className={styles.term}>
              for “{searchText}”{category ? ` in ${category.name}` : ''}
            </span>
          </h1>
        ) : (
          <>
            <h1 className={styles.heading}>{category?.name ?? 'Latest listings'}</h1>
            <CategoryNav categories={categories} activeId={categoryId} />
          </>
        )}
      </div>
      <ItemList
        key={`${categoryId ?? ''}/${searchText ?? ''}`}
        source={source}
        label="Items for sale"
        empty={
          searchText ? (
            <EmptyState title="No items matching search">
              <p>Clear your filters for a broader search</p>
            </EmptyState>
          ) : (
            <EmptyState
              title={
                <>
                  No items for sale. <Link to="/sell">List an item</Link>
                </>
              }
            />
          )
        }
      />
    </section>
  );
}
