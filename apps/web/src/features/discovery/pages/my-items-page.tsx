import { PagePlaceholder } from '../../../components/page-placeholder';

export function MyItemsPage() {
  return <PagePlaceholder heading="My Items" />;
}
