import { Link } from 'react-router-dom';
import { formatPrice, type OrderDetail, type OrderTrade, type TradeItem } from '@keeb/shared';
import { OrderStatus } from '../../../components/order-status';
import { orderDate } from '../messages';
import { ShipByLine } from './ship-by-line';
import { TrackingLine } from './tracking-line';
import styles from './trade-parcels.module.css';

/**
 * The cash part of the trade in the order's names. `side` says which of the trade's orders this is: on the one
 * carrying the proposer's items (`toSeller`) the proposer ships, so cash to the seller goes from this order's
 * seller to its buyer; on the other it goes the other way.
 */
export function tradeCashText(order: Pick<OrderDetail, 'buyer' | 'seller'>, trade: Pick<OrderTrade, 'cashToSeller' | 'cashToBuyer' | 'side'>): string {
  const amount = Math.max(trade.cashToSeller, trade.cashToBuyer);
  if (amount === 0) return 'No cash in this trade';
  if (!trade.side) return `Cash: ${formatPrice(amount)}, paid through PayPal with the trade`;
  const proposer = trade.side === 'toSeller' ? order.seller : order.buyer;
  const seller = trade.side === 'toSeller' ? order.buyer : order.seller;
  const [from, to] = trade.cashToSeller > 0 ? [proposer, seller] : [seller, proposer];
  return `Cash: ${formatPrice(amount)} from ${from.username} to ${to.username}`;
}

/**
 * A trade's order (issue 28) shows both parcels: this order's (its items, tracking and ship-by; the ship, received
 * and problem actions stay under it as on any order) and the other side's (its items, status, tracking, late),
 * with the cash part between them.
 */
export function TradeParcels({ order, trade }: { order: OrderDetail; trade: OrderTrade }) {
  const other = trade.otherOrder;
  // One block: on phones the order page puts the parties right after its first part, not between the parcels.
  return (
    <div className={styles.parcels}>
      <section className={styles.parcel} aria-labelledby="this-parcel">
        <div className={styles.parcelHead}>
          <h2 id="this-parcel" className={styles.heading}>
            This parcel
          </h2>
          <OrderStatus status={order.status} late={order.late} />
        </div>
        <p className={styles.route}>
          From {order.seller.username} to {order.buyer.username}
        </p>
        <ParcelItems items={trade.items} />
        {order.shippedAt !== null ? <TrackingLine tracking={order.tracking} /> : null}
        <ShipByLine order={order} />
      </section>
      <p className={styles.cash} data-testid="trade-cash">
        {tradeCashText(order, trade)}
      </p>
      <section className={styles.parcel} aria-labelledby="other-parcel" data-testid="other-parcel">
        <div className={styles.parcelHead}>
          <h2 id="other-parcel" className={styles.heading}>
            The other parcel
          </h2>
          <span data-testid="other-parcel-status">
            <OrderStatus status={other.status} late={other.late} />
          </span>
        </div>
        <p className={styles.route}>
          From {order.buyer.username} to {order.seller.username}
        </p>
        <ParcelItems items={other.items} />
        {other.shippedAt !== null ? <TrackingLine tracking={other.tracking} /> : <p className={styles.muted}>Not shipped yet</p>}
        {other.receivedAt !== null ? <p className={styles.muted}>Received {orderDate(other.receivedAt)}</p> : null}
        <Link to={`/me/orders/${encodeURIComponent(other._id)}`} className={styles.link}>
          Open the other parcel&rsquo;s order
        </Link>
      </section>
    </div>
  );
}

function ParcelItems({ items }: { items: readonly TradeItem[] }) {
  return (
    <ul className={styles.items}>
      {items.map((item) => (
        <li key={item._id}>
          <Link to={`/detail/${encodeURIComponent(item._id)}`} className={styles.item}>
            <img className={styles.thumb} src={item.thumbnail} alt="" width={64} height={64} loading="lazy" decoding="async" />
            <span className={styles.itemName}>{item.name}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
