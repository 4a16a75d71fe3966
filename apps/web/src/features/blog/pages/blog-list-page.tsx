import { PagePlaceholder } from '../../../components/page-placeholder';

export function BlogListPage() {
  return <PagePlaceholder heading="The Blog" />;
}
