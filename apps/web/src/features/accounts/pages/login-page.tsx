import { PagePlaceholder } from '../../../components/page-placeholder';

export function LoginPage() {
  return <PagePlaceholder heading="Login" />;
}
