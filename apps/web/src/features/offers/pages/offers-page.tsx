import { PagePlaceholder } from '../../../components/page-placeholder';

export function OffersPage() {
  return <PagePlaceholder heading="My Offers" />;
}
