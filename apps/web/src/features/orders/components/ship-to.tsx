import type { MailingAddress } from '@keeb/shared';
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

/** The buyer's address, as a label would carry it: the seller's and admins' only (the API leaves it out for others). */
export function ShipTo({ address }: { address: MailingAddress }) {
  const cityLine = [address.city, [address.region, address.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return (
    <section className={styles.card} aria-labelledby="order-ship-to">
      <h2 id="order-ship-to" className={styles.cardHeading}>
        {TEXTS.shipTo}
      </h2>
      <address className={styles.address} data-testid="order-ship-to">
        <span>{address.name}</span>
        <span>{address.line1}</span>
        {address.line2 ? <span>{address.line2}</span> : null}
        <span>{cityLine}</span>
        <span>{countryName(address.country)}</span>
      </address>
    </section>
  );
}
