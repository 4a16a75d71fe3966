import { Link } from 'react-router-dom';
import { formatPrice, type OrderSummary } from '@keeb/shared';
import { Avatar } from '../../../components/avatar';
import { OrderStatus } from '../../../components/order-status';
import { orderDate } from '../messages';
import styles from './order-row.module.css';

/** One order of /me/orders: the whole row leads to the order; the other party is named, not linked (one link a row). */
export function OrderRow({ order, role }: { order: OrderSummary; role: 'bought' | 'sold' }) {
  return (
    <li className={styles.row}>
      <Link to={`/me/orders/${encodeURIComponent(order._id)}`} className={styles.link} data-testid="order-row">
        <img className={styles.thumb} src={order.item.thumbnail} alt="" width={64} height={64} loading="lazy" />
        <span className={styles.body}>
          <span className={styles.name}>{order.item.name}</span>
          <span className={styles.meta}>
            {/* A trade's order has no price of its own (issue 28): it says 'Trade' instead of $0. */}
            <span className={styles.price}>{order.trade ? 'Trade' : formatPrice(order.price)}</span>
            <span className={styles.party}>
              <Avatar src={order.otherUser.avatar} username={order.otherUser.username} size="sm" />
              {role === 'bought' ? 'from' : 'to'} {order.otherUser.username}
            </span>
          </span>
          <span className={styles.date}>
            {order.trade ? 'Agreed' : 'Paid'} {orderDate(order.paidAt)}
          </span>
        </span>
        <OrderStatus status={order.status} late={order.late} className={styles.status} />
      </Link>
    </li>
  );
}
