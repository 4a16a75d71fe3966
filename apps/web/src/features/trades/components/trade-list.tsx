import { Link } from 'react-router-dom';
import { formatPrice, PAYMENT_WINDOW_MS, type Trade, type TradeItem } from '@keeb/shared';
import { Button } from '../../../components/button';
import { useLinkedRow } from '../../../components/linked-row';
import { PaymentCountdown } from '../../../components/payment-countdown';
import { TEXTS } from '../messages';
import type { TradeRequest } from './trade-dialogs';
import type { TradeSide } from './trade-terms';
import { cashLine, otherParty, statusText, tradeButtons, viewerOrder, type TradeButton } from './trade-view';
import groups from '../../../components/collapsible-groups.module.css';
import smallLink from '../../../components/small-link.module.css';
import styles from './trade-list.module.css';

interface TradeListProps {
  trades: readonly Trade[];
  /** 'seller' for the Received list, 'proposer' for Sent. */
  side: TradeSide;
  label: string;
  onRequest: (request: TradeRequest) => void;
}

const LABELS: Record<TradeButton, string> = {
  accept: 'Accept',
  counter: 'Counter',
  decline: 'Decline',
  cancel: 'Cancel',
  pay: 'Pay',
  extend: TEXTS.giveMoreTime,
};

const STATUS_LABELS: Record<Trade['status'], string> = {
  pending: 'Pending',
  countered: 'Countered',
  accepted: 'Accepted',
  declined: 'Declined',
  cancelled: 'Cancelled',
  completed: 'Completed',
};

const itemPath = (id: string) => `/detail/${encodeURIComponent(id)}`;

/** Issue 28, the Trades tab: one collapsible panel per trade (the offers lists' layout), open while it is live. */
export function TradeList({ trades, side, label, onRequest }: TradeListProps) {
  return (
    <ul className={groups.list} aria-label={label}>
      {trades.map((trade) => (
        <li key={trade._id}>
          <TradePanel trade={trade} side={side} onRequest={onRequest} />
        </li>
      ))}
    </ul>
  );
}

function TradePanel({ trade, side, onRequest }: { trade: Trade; side: TradeSide; onRequest: TradeListProps['onRequest'] }) {
  const linkedRow = useLinkedRow<HTMLDetailsElement>(trade._id);
  const other = otherParty(trade, side).username;
  const buttons = tradeButtons(trade, side);
  const cash = cashLine(trade, side);
  const orderId = viewerOrder(trade, side);
  const live = trade.status === 'pending' || trade.status === 'countered' || trade.status === 'accepted';
  const offeredBy = side === 'seller' ? `${other} offers` : 'You offer';

  return (
    <details className={groups.group} open={live || linkedRow.linked} {...linkedRow.props} data-testid="trade" data-trade-id={trade._id}>
      <summary className={groups.summary}>
        <img className={groups.thumb} src={trade.item.thumbnail} alt="" width={56} height={56} loading="lazy" decoding="async" />
        <span className={groups.text}>
          <span className={groups.name}>{trade.item.name}</span>
          <span className={groups.meta}>
            {side === 'seller' ? `From ${other}` : `With ${other}`} · {formatPrice(trade.item.price)}
          </span>
        </span>
        <span className={`${groups.pill} ${styles.status} ${styles[trade.status]}`}>{STATUS_LABELS[trade.status]}</span>
      </summary>
      <div className={groups.body}>
        <Link to={itemPath(trade.item._id)} className={smallLink.link}>
          View item
        </Link>
        <section aria-label={offeredBy}>
          <h3 className={styles.offeredHeading}>{offeredBy}</h3>
          <ul className={styles.offered}>
            {trade.offeredItems.map((item) => (
              <OfferedItem key={item._id} item={item} />
            ))}
          </ul>
        </section>
        {cash ? (
          <p className={styles.cash} data-testid="trade-cash">
            {cash}
          </p>
        ) : null}
        {trade.message ? <blockquote className={styles.message}>{trade.message}</blockquote> : null}
        <p className={styles.statusLine} data-testid="trade-status">
          {statusText(trade, side)}
          {trade.status === 'accepted' && trade.payBy && trade.paidAt === null ? (
            // The countdown counts a 24-hour window from its start; 'Give more time' moves payBy, so start from it.
            <>
              {' '}
              <PaymentCountdown timeAccepted={new Date(Date.parse(trade.payBy) - PAYMENT_WINDOW_MS).toISOString()} className={styles.countdown} />
            </>
          ) : null}
        </p>
        {buttons.length > 0 || orderId ? (
          <div className={`${groups.actions} ${styles.actions}`}>
            {buttons.map((button) => (
              <Button
                key={button}
                size="sm"
                variant={button === 'accept' || button === 'pay' || button === 'extend' ? 'primary' : button === 'counter' ? 'secondary' : 'ghost'}
                onClick={() => onRequest({ trade, side, action: button })}
              >
                {LABELS[button]}
              </Button>
            ))}
            {orderId ? (
              <Link to={`/me/orders/${encodeURIComponent(orderId)}`} className={smallLink.link}>
                {TEXTS.viewOrder}
              </Link>
            ) : null}
          </div>
        ) : null}
      </div>
    </details>
  );
}

function OfferedItem({ item }: { item: TradeItem }) {
  return (
    <li className={styles.offeredItem}>
      <Link to={itemPath(item._id)} className={styles.offeredLink}>
        <img className={`${groups.image} ${styles.offeredThumb}`} src={item.thumbnail} alt="" width={48} height={48} loading="lazy" decoding="async" />
        <span className={groups.text}>
          <span className={`${groups.name} ${styles.offeredName}`}>{item.name}</span>
          <span className={groups.meta}>{formatPrice(item.price)}</span>
        </span>
      </Link>
    </li>
  );
}
