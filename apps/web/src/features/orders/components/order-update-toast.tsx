import { Link } from 'react-router-dom';
import type { OrderNotification } from '@keeb/shared';
import styles from '../../../components/corner-notice.module.css';

/** The orderUpdate corner card: the server's text beside the item's photo, leading to the order. */
export function OrderUpdateToast({ notice, onOpen }: { notice: OrderNotification; onOpen: () => void }) {
  return (
    <Link to={`/me/orders/${encodeURIComponent(notice.orderId)}`} className={styles.itemCard} onClick={onOpen}>
      {/* The text names the item: the photo beside it is decoration. */}
      <img className={styles.thumb} src={notice.item.thumbnail} alt="" width={48} height={48} />
      <span className={styles.wrappingTitle}>{notice.text}</span>
    </Link>
  );
}
