import { PagePlaceholder } from '../../../components/page-placeholder';

export function MessagePage() {
  return <PagePlaceholder heading="Conversation" />;
}
