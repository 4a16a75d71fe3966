import { PagePlaceholder } from '../../../components/page-placeholder';

export function SellPage() {
  return <PagePlaceholder heading="List Your Item" />;
}

export function EditItemPage() {
  return <PagePlaceholder heading="Edit Your Listing" />;
}

export function DuplicateItemPage() {
  return <PagePlaceholder heading="Add A Similar Listing" />;
}
