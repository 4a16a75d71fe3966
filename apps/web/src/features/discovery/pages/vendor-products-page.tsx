import { PagePlaceholder } from '../../../components/page-placeholder';

export function VendorProductsPage() {
  return <PagePlaceholder heading="Vendor Listings" />;
}
