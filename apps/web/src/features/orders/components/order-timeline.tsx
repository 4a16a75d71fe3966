import type { OrderEvent, ProblemReason } from '@keeb/shared';
import { orderDate, REASON_TEXTS } from '../messages';
import styles from './order-page-parts.module.css';

/** The timeline's kinds (apps/api order_events) in words; a kind this client does not know yet reads as its name. */
function eventText(event: OrderEvent): string {
  const reason = typeof event.data.reason === 'string' ? REASON_TEXTS[event.data.reason as ProblemReason] : undefined;
  switch (event.kind) {
    case 'paid':
      return 'Paid';
    case 'shipped':
      return 'Shipped';
    case 'late':
      return 'Late: not shipped within 72 hours';
    case 'received':
      return event.data.auto === true ? 'Received (confirmed automatically 14 days after shipping)' : 'Received';
    case 'problem_reported':
      return reason ? `Problem reported: ${reason}` : 'Problem reported';
    case 'problem_resolved':
      return 'Problem resolved';
    case 'problem_closed':
      return 'Problem closed by an admin';
    case 'refunded':
      return 'Refunded through PayPal';
    case 'dispute_opened':
      return 'Dispute opened at PayPal';
    case 'tracking_refused':
      return 'PayPal did not accept the tracking number';
    case 'ship_to_added':
      return 'Address to ship to added by the buyer';
    case 'trade_settled':
      return 'Trade settled: each side ships its part';
    case 'trade_cash_refunded':
      return "The trade's cash was refunded through PayPal";
    default: {
      const words = event.kind.replace(/_/g, ' ');
      return words.charAt(0).toUpperCase() + words.slice(1);
    }
  }
}

/** What happened to the order, oldest first, each with its date. */
export function OrderTimeline({ events }: { events: OrderEvent[] }) {
  return (
    <ol className={styles.timeline} aria-label="Timeline">
      {events.map((event, index) => (
        <li key={`${event.kind}-${event.at}-${index}`} className={styles.event} data-testid="timeline-event" data-kind={event.kind}>
          <span className={styles.eventText}>{eventText(event)}</span>
          <time className={styles.eventTime} dateTime={event.at}>
            {orderDate(event.at)}
          </time>
        </li>
      ))}
    </ol>
  );
}
