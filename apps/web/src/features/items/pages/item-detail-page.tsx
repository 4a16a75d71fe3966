import { PagePlaceholder } from '../../../components/page-placeholder';

export function ItemDetailPage() {
  return <PagePlaceholder heading="Item Details" />;
}
