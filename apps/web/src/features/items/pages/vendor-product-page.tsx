import { ItemDetailPage } from './item-detail-page';

/**
 * /vendor/product/{id}: a vendor product is a listing (docs/decisions.md), so its page is the item detail page;
 * only the route's title and the loading heading ('Product Details') differ.
 */
export function VendorProductPage() {
  return <ItemDetailPage heading="Product Details" />;
}
