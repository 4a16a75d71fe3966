import { PagePlaceholder } from '../../../components/page-placeholder';

export function SignupPage() {
  return <PagePlaceholder heading="Sign Up" />;
}
