import { SendMessageModal } from '../features/chat/components/send-message-modal';
import type { OrderMessageModal } from '../features/orders/components/order-parties';
import type { RateSellerModal } from '../features/orders/components/buyer-actions';
import { OrderPage } from '../features/orders/pages/order-page';
import { SendFeedbackModal } from '../features/ratings/components/send-feedback-modal';

// Message writes to the other party about the item, as the item page's Send Message does (spec 2.9's modal).
const messageModal: OrderMessageModal = ({ order, to, open, onClose }) => (
  <SendMessageModal open={open} onClose={onClose} toUserId={to._id} toUsername={to.username} itemId={order.item._id} />
);

// 'Rate the seller' is the spec's Send Feedback (part 1), the same the item page's Leave Feedback opens.
const rateSellerModal: RateSellerModal = ({ order, open, onClose, onSent }) => (
  <SendFeedbackModal open={open} item={{ _id: order.item._id, name: order.item.name, sellerId: { _id: order.seller._id } }} onClose={onClose} onSent={onSent} />
);

/** /me/orders/{id}, composed here: the orders feature's page with the chat's and the ratings' modals. */
export function OrderRoute() {
  return <OrderPage messageModal={messageModal} rateSellerModal={rateSellerModal} />;
}
