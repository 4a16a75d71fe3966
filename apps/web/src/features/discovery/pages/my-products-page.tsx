import { PagePlaceholder } from '../../../components/page-placeholder';

export function MyProductsPage() {
  return <PagePlaceholder heading="My Products" />;
}
