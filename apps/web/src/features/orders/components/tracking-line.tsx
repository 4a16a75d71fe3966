import type { OrderTracking } from '@keeb/shared';
import { carrierName, TEXTS } from '../messages';
import styles from './order-page-parts.module.css';

/** 'Tracking: {number} ({carrier})', linking to the carrier's page in a new tab; 'No tracking' when shipped without. */
export function TrackingLine({ tracking }: { tracking: OrderTracking | undefined }) {
  if (!tracking?.number) {
    return (
      <p className={styles.tracking} data-testid="order-tracking">
        {TEXTS.noTracking}
      </p>
    );
  }
  const text = `Tracking: ${tracking.number}${tracking.carrier ? ` (${carrierName(tracking.carrier)})` : ''}`;
  return (
    <p className={styles.tracking} data-testid="order-tracking">
      {tracking.url ? (
        <a href={tracking.url} target="_blank" rel="noopener noreferrer">
          {text}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      ) : (
        text
      )}
    </p>
  );
}
