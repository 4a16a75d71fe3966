import { useParams } from 'react-router-dom';
import { useScopedFeedSource } from '../api/list-scope';
import { ItemList, NoItemsForSale, NoSearchMatches } from '../components/item-list';
import { ListToolbar } from '../components/list-toolbar';
import styles from './feed-page.module.css';

/** docs/decisions.md: a vendor product is a listing with sale type `vendor`. */
const VENDOR_SCOPE = { saleType: 'vendor' } as const;

/** /vendor/products and /vendor/products/search/{text}: the feed within vendor products. */
export function VendorProductsPage() {
  const { searchText } = useParams();
  const scope = { ...VENDOR_SCOPE, searchText };
  const source = useScopedFeedSource(scope);

  return (
    <section className={styles.page}>
      <div className={styles.header}>
        {searchText ? (
          <h1 className={styles.heading}>
            Search results <span className={styles.term}>for “{searchText}” in Vendor Listings</span>
          </h1>
        ) : (
          <h1 className={styles.heading}>Vendor Listings</h1>
        )}
      </div>
      <ListToolbar scope={scope} />
      <ItemList
        source={source}
        label={searchText ? 'Vendor products matching the search' : 'Vendor products'}
        empty={searchText ? <NoSearchMatches /> : <NoItemsForSale />}
      />
    </section>
  );
}
