import { PagePlaceholder } from '../../../components/page-placeholder';

export function NewBlogPostPage() {
  return <PagePlaceholder heading="Create A New Blog Post" />;
}

export function EditBlogPostPage() {
  return <PagePlaceholder heading="Edit Blog Post" />;
}
