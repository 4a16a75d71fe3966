import type { OrderDetail } from '@keeb/shared';
import { orderDate, TEXTS } from '../messages';
import styles from './order-page-parts.module.css';

/** By when a paid order ships, in red once that has passed; nothing once it has shipped. */
export function ShipByLine({ order }: { order: Pick<OrderDetail, 'status' | 'late' | 'shipBy'> }) {
  if (order.status !== 'paid') return null;
  return (
    <p className={order.late ? styles.lateNote : styles.muted} data-testid="order-ship-by">
      {TEXTS.shipBy} {orderDate(order.shipBy)}
      {order.late ? ' — past the 72 hours to ship' : ''}
    </p>
  );
}
