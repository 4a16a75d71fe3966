import { PagePlaceholder } from '../../../components/page-placeholder';

export function ConfirmEmailPage() {
  return <PagePlaceholder heading="Confirm Email" />;
}
