import type { OrderStatus as Status } from '@keeb/shared';
import { LATE_TEXT, ORDER_STATUS_TEXTS } from './order-status-texts';
import styles from './order-status.module.css';

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
