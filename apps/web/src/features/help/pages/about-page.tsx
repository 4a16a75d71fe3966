import { PagePlaceholder } from '../../../components/page-placeholder';

export function AboutPage() {
  return <PagePlaceholder heading="About" />;
}
