import { PagePlaceholder } from '../../../components/page-placeholder';

export function SellerFeedbackPage() {
  return <PagePlaceholder heading="Seller Feedback" />;
}
