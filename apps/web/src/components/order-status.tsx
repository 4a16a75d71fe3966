import type { OrderStatus as Status } from '@keeb/shared';
import styles from './order-status.module.css';

/**
 * Where an order stands, in the words every screen uses (issue 26): the order page, the /me/orders rows and the
 * Sold and Purchased cards of /me. Here, not in the orders feature, because the item card shows it too.
 */
export const ORDER_STATUS_TEXTS: Record<Status, string> = {
  paid: 'Awaiting shipment',
  shipped: 'Shipped',
  received: 'Received',
  problem: 'Problem reported',
  refunded: 'Refunded',
};

export const LATE_TEXT = 'Late';

/** The status pill, and beside it 'Late' when the seller is past the 72 hours to ship. */
export function OrderStatus({ status, late, className }: { status: Status; late: boolean; className?: string }) {
  return (
    <span className={[styles.status, className].filter(Boolean).join(' ')}>
      <span className={`${styles.pill} ${styles[status]}`} data-testid="order-status">
        {ORDER_STATUS_TEXTS[status]}
      </span>
      {late ? (
        <span className={`${styles.pill} ${styles.late}`} data-testid="order-late">
          {LATE_TEXT}
        </span>
      ) : null}
    </span>
  );
}
