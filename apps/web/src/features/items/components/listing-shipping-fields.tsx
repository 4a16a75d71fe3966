// The sell form's Shipping section: regions and prices for a new listing, read-only once listed.
import type { Region, ShippingPrice } from '@keeb/shared';
import { TEXTS } from '../messages';
import { LockedShipping, ShippingFieldset, type ShippingDraft } from './shipping-fieldset';
import styles from './listing-shipping-fields.module.css';

interface ListingShippingFieldsProps {
  /** A new listing (or a copy) chooses its shipping; an edit shows it as listed. */
  creating: boolean;
  regions: readonly Pick<Region, 'code' | 'name'>[];
  value: ShippingDraft;
  onChange: (code: string, next: { selected: boolean; price: string }) => void;
  error?: string;
  /** Regions whose row is at fault. */
  invalidCodes: ReadonlySet<string>;
  /** The listing's shipping, shown on an edit. */
  lockedPrices: readonly ShippingPrice[];
}

/** Shipping (spec 5): chosen when listing, fixed after. */
export function ListingShippingFields({ creating, regions, value, onChange, error, invalidCodes, lockedPrices }: ListingShippingFieldsProps) {
  if (!creating) return <LockedShipping shippingPrices={lockedPrices} note={TEXTS.shippingLocked} />;
  return (
    <>
      <p className={styles.sectionHint}>
        Choose where you ship and what shipping costs there. {TEXTS.shippingLocked}
      </p>
      <ShippingFieldset regions={regions} value={value} onChange={onChange} error={error} invalidCodes={invalidCodes} />
    </>
  );
}
