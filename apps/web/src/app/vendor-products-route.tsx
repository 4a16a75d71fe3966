import { VendorProductsPage } from '../features/discovery/pages/vendor-products-page';
import { saveSearchAction } from './save-search-action';

/** /vendor/products and its search, composed here: a searched or filtered list offers 'Save this search as a want'. */
export function VendorProductsRoute() {
  return <VendorProductsPage searchAction={saveSearchAction} />;
}
