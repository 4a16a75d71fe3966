import { Link } from 'react-router-dom';
import { formatPrice, formatShipping, type OrderDetail } from '@keeb/shared';
import { orderDate } from '../messages';
import { ShipByLine } from './ship-by-line';
import styles from './order-page-parts.module.css';

/** The item bought, what it cost, and when it was paid (and, while unshipped, by when it ships). */
export function OrderSummaryCard({ order }: { order: OrderDetail }) {
  const detailPath = `/detail/${encodeURIComponent(order.item._id)}`;
  return (
    <section className={`${styles.card} ${styles.summary}`} aria-label="Item">
      <Link to={detailPath} className={styles.thumbLink} tabIndex={-1} aria-hidden="true">
        <img className={styles.thumb} src={order.item.thumbnail} alt="" width={96} height={96} />
      </Link>
      <div className={styles.summaryBody}>
        <h2 className={styles.itemName}>
          <Link to={detailPath}>{order.item.name}</Link>
        </h2>
        <dl className={styles.prices}>
          <dt>Price</dt>
          <dd>{formatPrice(order.price)}</dd>
          <dt>Shipping</dt>
          <dd>{formatShipping(order.shippingPrice)}</dd>
          <dt className={styles.total}>Total</dt>
          <dd className={styles.total} data-testid="order-total">
            {formatPrice(Math.round((order.price + order.shippingPrice) * 100) / 100)}
          </dd>
        </dl>
        <p className={styles.muted}>Paid {orderDate(order.paidAt)}</p>
        <ShipByLine order={order} />
      </div>
    </section>
  );
}
