import { SendMessageModal } from '../features/chat/components/send-message-modal';
import { PriceHistorySummary } from '../features/discovery/components/price-history-summary';
import type { MessageSellerModal, TradeAction } from '../features/items/components/item-actions';
import { ItemDetailPage } from '../features/items/pages/item-detail-page';
import { VendorProductPage } from '../features/items/pages/vendor-product-page';
import { ProposeTradeAction } from '../features/trades/components/propose-trade-action';

const similarSales = (name: string) => <PriceHistorySummary query={{ searchText: name }} />;

// Message Seller writes to the seller from the item page, through the chat feature (spec 2.9's Send Message modal).
const messageSellerModal: MessageSellerModal = ({ item, open, onClose }) => (
  <SendMessageModal open={open} onClose={onClose} toUserId={item.sellerId._id} toUsername={item.sellerId.username} itemId={item._id} />
);

// 'Propose a trade' (issue 28) from the trades feature; its modal is a chunk of its own, loaded when opened.
const tradeAction: TradeAction = (props) => <ProposeTradeAction {...props} />;

/** /detail/{id}, composed here: the item page with what items of the same name sold for (discovery's history). */
export function ItemDetailRoute() {
  return <ItemDetailPage similarSales={similarSales} messageSellerModal={messageSellerModal} tradeAction={tradeAction} />;
}

/** /vendor/product/{id}: the same page for a vendor's product. */
export function VendorProductRoute() {
  return <VendorProductPage messageSellerModal={messageSellerModal} />;
}
