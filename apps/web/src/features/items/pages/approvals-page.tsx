import { PagePlaceholder } from '../../../components/page-placeholder';

export function ApprovalsPage() {
  return <PagePlaceholder heading="Approvals" />;
}
