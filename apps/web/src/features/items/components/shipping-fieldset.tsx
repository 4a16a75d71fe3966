import { PRICE_MAX_LENGTH, formatShipping, type Region, type ShippingPrice } from '@keeb/shared';
import styles from './shipping-fieldset.module.css';

export type ShippingDraft = Record<string, { selected: boolean; price: string }>;

export const shippingCheckboxId = (code: string) => `shipping-check-${code}`;
export const shippingPriceId = (code: string) => `shipping-price-${code}`;

interface ShippingFieldsetProps {
  regions: readonly Pick<Region, 'code' | 'name'>[];
  value: ShippingDraft;
  onChange: (code: string, next: { selected: boolean; price: string }) => void;
  error?: string;
  /** Regions whose row is at fault: their price turns red (or every checkbox, when none is chosen). */
  invalidCodes: ReadonlySet<string>;
}

/** Shipping for a new listing: each region with a checkbox and its price. */
export function ShippingFieldset({ regions, value, onChange, error, invalidCodes }: ShippingFieldsetProps) {
  return (
    <div className={styles.shipping}>
      <ul className={`${styles.list} ${error && invalidCodes.size === 0 ? styles.invalid : ''}`}>
        {regions.map((region) => {
          const row = value[region.code] ?? { selected: false, price: '' };
          const invalid = Boolean(error) && invalidCodes.has(region.code);
          return (
            <li key={region.code} className={styles.row}>
              <label className={styles.check}>
                <input
                  id={shippingCheckboxId(region.code)}
                  type="checkbox"
                  checked={row.selected}
                  aria-invalid={error && invalidCodes.size === 0 ? true : undefined}
                  aria-describedby={error ? 'shipping-error' : undefined}
                  onChange={(event) => onChange(region.code, { ...row, selected: event.target.checked })}
                />
                <span>{region.name}</span>
              </label>
              <span className={styles.priceBox}>
                <span className={styles.currency} aria-hidden="true">
                  $
                </span>
                <input
                  id={shippingPriceId(region.code)}
                  className={styles.price}
                  aria-label={`Shipping price to ${region.name}`}
                  inputMode="decimal"
                  maxLength={PRICE_MAX_LENGTH}
                  placeholder="0"
                  disabled={!row.selected}
                  value={row.price}
                  aria-invalid={invalid ? true : undefined}
                  aria-describedby={invalid ? 'shipping-error' : undefined}
                  onChange={(event) => onChange(region.code, { ...row, price: event.target.value })}
                />
              </span>
            </li>
          );
        })}
      </ul>
      {error ? (
        <p id="shipping-error" className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** After listing, shipping is fixed: what was chosen, read-only. */
export function LockedShipping({ shippingPrices, note }: { shippingPrices: readonly ShippingPrice[]; note: string }) {
  return (
    <div className={styles.shipping}>
      <p className={styles.note}>{note}</p>
      {shippingPrices.length > 0 ? (
        <ul className={styles.lockedList} aria-label="Shipping prices">
          {shippingPrices.map((shipping) => (
            <li key={shipping.code} className={styles.lockedRow}>
              <span>{shipping.name}</span>
              <span className={styles.lockedPrice}>{formatShipping(shipping.price)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
