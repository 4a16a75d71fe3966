import { PagePlaceholder } from '../../../components/page-placeholder';

export function LegalPage() {
  return <PagePlaceholder heading="Legal" />;
}
