import { PriceHistorySummary } from '../features/discovery/components/price-history-summary';
import { ItemDetailPage } from '../features/items/pages/item-detail-page';

const similarSales = (name: string) => <PriceHistorySummary query={{ searchText: name }} />;

/** /detail/{id}, composed here: the item page with what items of the same name sold for (discovery's history). */
export function ItemDetailRoute() {
  return <ItemDetailPage similarSales={similarSales} />;
}
