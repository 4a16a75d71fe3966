import { PagePlaceholder } from '../../../components/page-placeholder';

export function ForgotPasswordPage() {
  return <PagePlaceholder heading="Forgot Password" />;
}
