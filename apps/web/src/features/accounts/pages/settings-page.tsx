import { PagePlaceholder } from '../../../components/page-placeholder';

export function SettingsPage() {
  return <PagePlaceholder heading="My Settings" />;
}
