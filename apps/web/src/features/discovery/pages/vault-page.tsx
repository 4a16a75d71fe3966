import { PagePlaceholder } from '../../../components/page-placeholder';

export function VaultPage() {
  return <PagePlaceholder heading="Vault" />;
}
