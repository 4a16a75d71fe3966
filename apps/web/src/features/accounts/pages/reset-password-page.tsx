import { PagePlaceholder } from '../../../components/page-placeholder';

export function ResetPasswordPage() {
  return <PagePlaceholder heading="Reset Password" />;
}
