import type { MailingAddress, OrderDetail } from '@keeb/shared';
import { TEXTS } from '../messages';
import styles from './order-page-parts.module.css';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
const countryName = (code: string) => {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
};

/** An address as a label carries it, line by line. */
export function addressLines(address: MailingAddress): string[] {
  const cityLine = [address.city, [address.region, address.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [address.name, address.line1, address.line2, cityLine, countryName(address.country)].filter(Boolean);
}

/** The buyer's address, as a label would carry it: the seller's and admins' only (the API leaves it out for others). */
export function ShipTo({ address }: { address: MailingAddress }) {
  return (
    <section className={styles.card} aria-labelledby="order-ship-to">
      <h2 id="order-ship-to" className={styles.cardHeading}>
        {TEXTS.shipTo}
      </h2>
      <address className={styles.address} data-testid="order-ship-to">
        {addressLines(address).map((line, index) => (
          <span key={index}>{line}</span>
        ))}
      </address>
    </section>
  );
}

/**
 * Issue 36, the seller's (and admins') side of an order paid without an address: where Ship to would be, a warning
 * that there is none yet, that the buyer was asked, and that the 72 hours start when it comes.
 */
export function ShipToMissing({ order }: { order: OrderDetail }) {
  return (
    <section className={`${styles.card} ${styles.addressMissing}`} aria-labelledby="order-ship-to" data-testid="order-ship-to-missing">
      <h2 id="order-ship-to" className={styles.cardHeading}>
        {TEXTS.shipTo}
      </h2>
      <p>{order.role === 'seller' ? TEXTS.shipToMissingSeller : TEXTS.shipToMissingAdmin}</p>
    </section>
  );
}
