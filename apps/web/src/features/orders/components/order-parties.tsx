import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { OrderDetail } from '@keeb/shared';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { TEXTS } from '../messages';
import styles from './order-page-parts.module.css';

export type OrderParty = OrderDetail['buyer'];

/** The chat's 'Send Message' modal, composed in app/ (features do not import one another). */
export type OrderMessageModal = (props: { order: OrderDetail; to: OrderParty; open: boolean; onClose: () => void }) => ReactNode;

/** The other side of the order (both sides for an admin), each with a way to write to them. */
export function OrderParties({ order, onMessage }: { order: OrderDetail; onMessage: (to: OrderParty) => void }) {
  const parties: Array<[string, OrderParty]> =
    order.role === 'buyer' ? [['Seller', order.seller]] : order.role === 'seller' ? [['Buyer', order.buyer]] : [['Buyer', order.buyer], ['Seller', order.seller]];
  return (
    <>
      {parties.map(([label, party]) => (
        <section key={label} className={styles.card} aria-label={label} data-testid={`order-${label.toLowerCase()}`}>
          <h2 className={styles.cardHeading}>{label}</h2>
          <div className={styles.party}>
            <Link to={`/u/${encodeURIComponent(party.username)}`} className={styles.partyLink}>
              <Avatar src={party.avatar} username={party.username} />
              <span>{party.username}</span>
            </Link>
            <Button variant="secondary" size="sm" onClick={() => onMessage(party)} aria-label={`${TEXTS.message} ${party.username}`}>
              {TEXTS.message}
            </Button>
          </div>
        </section>
      ))}
    </>
  );
}
