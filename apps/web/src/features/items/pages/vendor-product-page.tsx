import { PagePlaceholder } from '../../../components/page-placeholder';

export function VendorProductPage() {
  return <PagePlaceholder heading="Product Details" />;
}
