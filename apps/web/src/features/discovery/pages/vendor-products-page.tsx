import { useParams } from 'react-router-dom';
import { useScopedFeedSource } from '../api/list-scope';
import { DidYouMean } from '../components/did-you-mean';
import { ItemList, NoItemsForSale, NoSearchMatches } from '../components/item-list';
import { ListToolbar } from '../components/list-toolbar';
import { SearchExtras, type SearchAction } from '../components/search-extras';
import styles from './feed-page.module.css';

/** docs/decisions/0062-vendor-products.md: a vendor product is a listing with sale type `vendor`. */
const VENDOR_SCOPE = { saleType: 'vendor' } as const;

/**
 * /vendor/products and /vendor/products/search/{text}: the feed within vendor products. `searchAction` as on the
 * feed (app/ passes 'Save this search as a want').
 */
export function VendorProductsPage({ searchAction }: { searchAction?: SearchAction }) {
  const { searchText } = useParams();
  const scope = { ...VENDOR_SCOPE, searchText };
  const source = useScopedFeedSource(scope);
  // The vendor scope is the page itself, not the user's choice: only words or filters chosen on top of it make a
  // search to save or to price (the landing page is the plain feed of vendor products).
  const list = source.query;
  const chosen = list && (list.searchText || list.categoryIds || list.regions) ? list : undefined;

  return (
    <section className={styles.page}>
      <div className={styles.header}>
        {searchText ? (
          <>
            <h1 className={styles.heading}>
              Search results <span className={styles.term}>for “{searchText}” in Vendor Listings</span>
            </h1>
            <DidYouMean searchText={searchText} />
          </>
        ) : (
          <h1 className={styles.heading}>Vendor Listings</h1>
        )}
      </div>
      <ListToolbar scope={scope} />
      <SearchExtras list={chosen} searchAction={searchAction} />
      <ItemList
        source={source}
        label={searchText ? 'Vendor products matching the search' : 'Vendor products'}
        empty={searchText ? <NoSearchMatches /> : <NoItemsForSale />}
      />
    </section>
  );
}
