import { VaultPage } from '../features/discovery/pages/vault-page';
import { WantsTab } from '../features/wants/components/wants-tab';
import { WantsTabLabel } from '../features/wants/components/wants-tab-label';

/** /me/vault, composed here: the discovery vault with the wants feature's tab (features do not import one another). */
export function VaultWithWantsPage() {
  return <VaultPage wants={{ label: <WantsTabLabel />, panel: <WantsTab /> }} />;
}
