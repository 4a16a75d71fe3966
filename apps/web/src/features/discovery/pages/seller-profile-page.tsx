import { PagePlaceholder } from '../../../components/page-placeholder';

export function SellerProfilePage() {
  return <PagePlaceholder heading="Seller Profile" />;
}
