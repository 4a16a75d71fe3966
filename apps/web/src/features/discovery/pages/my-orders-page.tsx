import { PagePlaceholder } from '../../../components/page-placeholder';

export function MyOrdersPage() {
  return <PagePlaceholder heading="My Orders" />;
}
