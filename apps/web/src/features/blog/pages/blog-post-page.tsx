import { PagePlaceholder } from '../../../components/page-placeholder';

export function BlogPostPage() {
  return <PagePlaceholder heading="Blog Post" />;
}
