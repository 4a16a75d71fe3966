import { PagePlaceholder } from '../../../components/page-placeholder';

export function HelpPage() {
  return <PagePlaceholder heading="Help" />;
}
