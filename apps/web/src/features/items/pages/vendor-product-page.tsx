import { Navigate, useParams } from 'react-router-dom';
import { useItem } from '../api/get-item';
import type { MessageSellerModal } from '../components/item-actions';
import { ItemDetailPage } from './item-detail-page';

const PRODUCT_DETAILS = 'Product Details';

/**
 * /vendor/product/{id}: a vendor product is a listing with sale type `vendor`
 * (docs/decisions/0113-vendor-product-id.md), shown by the item detail page under the route's title, 'Product
 * Details' (spec 2.1). Any other listing is not a vendor product: its link goes on to the listing's own page.
 */
export function VendorProductPage({ messageSellerModal }: { messageSellerModal: MessageSellerModal }) {
  const { id = '' } = useParams();
  const query = useItem(id);
  if (query.data && query.data.item.saleTypeId !== 'vendor') return <Navigate to={`/detail/${encodeURIComponent(id)}`} replace />;
  return <ItemDetailPage heading={PRODUCT_DETAILS} title={PRODUCT_DETAILS} messageSellerModal={messageSellerModal} />;
}
