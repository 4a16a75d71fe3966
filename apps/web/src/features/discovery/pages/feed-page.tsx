import type { ReactNode } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../../lib/page-meta';
import { useCategories } from '../../../lib/reference/get-categories';
import { useFilterChoiceLists } from '../../../lib/reference/filter-choices';
import { applicableFilters, openToTradesOf, useScopedFeedSource } from '../api/list-scope';
import { useListPreferences } from '../api/list-preferences';
import { CategoryNav } from '../components/category-nav';
import { DidYouMean } from '../components/did-you-mean';
import { ItemList, NoItemsForSale, NoSearchMatches } from '../components/item-list';
import { ListToolbar } from '../components/list-toolbar';
import { SearchExtras, type SearchAction } from '../components/search-extras';
import styles from './feed-page.module.css';

/**
 * The home feed (/), a category (/items/{id}) and keyword search, in or out of a category. A category route's
 * category is the category filter; elsewhere the remembered category filter applies. `banner` shows on the home
 * feed only: app/ passes the blog's banner in (features do not import one another). `searchAction` is what a
 * searched or filtered feed offers to do with its search (app/ passes 'Save this search as a want').
 */
export function FeedPage({ banner, searchAction }: { banner?: ReactNode; searchAction?: SearchAction }) {
  const { categoryId, searchText } = useParams();
  const categoriesQuery = useCategories();
  const choices = useFilterChoiceLists();
  const { categories } = choices;
  const { preferences } = useListPreferences();
  const category = categoryId ? categories.find((candidate) => candidate._id === categoryId) : undefined;
  const [params] = useSearchParams();
  const scope = { categoryId, searchText, openToTrades: openToTradesOf(params) };
  const source = useScopedFeedSource(scope);
  const shownCategories = categoryId ? [categoryId] : applicableFilters(preferences.filters, scope, choices).categories;
  usePageTitle(searchText ? undefined : category?.name);

  if (categoryId && categoriesQuery.isSuccess && !category) return <Navigate to="/404" replace />;

  return (
    <section className={styles.page}>
      <div className={styles.header}>
        {searchText ? (
          <>
            <h1 className={styles.heading}>
              Search results{' '}
              <span className={styles.term}>
                for “{searchText}”{category ? ` in ${category.name}` : ''}
              </span>
            </h1>
            <DidYouMean searchText={searchText} />
          </>
        ) : (
          <>
            <h1 className={styles.heading}>{category?.name ?? 'Latest listings'}</h1>
            <CategoryNav categories={categories} activeIds={shownCategories} />
          </>
        )}
      </div>
      {!categoryId && !searchText ? banner : null}
      <ListToolbar scope={scope} />
      <SearchExtras list={source.query} searchAction={searchAction} />
      <ItemList
        source={source}
        label="Items for sale"
        empty={searchText ? <NoSearchMatches /> : <NoItemsForSale />}
      />
    </section>
  );
}
