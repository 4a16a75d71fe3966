import { PriceHistoryHint } from '../features/discovery/components/price-history-hint';
import { DuplicateItemPage, EditItemPage, SellPage } from '../features/items/pages/listing-form-page';

/** The listing form's pricing hint, from discovery: what items named like the one typed sold for. */
const priceHint = (name: string) => <PriceHistoryHint name={name} />;

/** /sell, composed here: the items feature's form with discovery's pricing hint. */
export function SellRoute() {
  return <SellPage priceHint={priceHint} />;
}

/** /edit-item/{id}, composed likewise. */
export function EditItemRoute() {
  return <EditItemPage priceHint={priceHint} />;
}

/** /duplicate-item/{id}, composed likewise. */
export function DuplicateItemRoute() {
  return <DuplicateItemPage priceHint={priceHint} />;
}
