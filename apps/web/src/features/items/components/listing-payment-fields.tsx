import type { ReactNode } from 'react';
import { PRICE_MAX_LENGTH } from '@keeb/shared';
import { TextField } from '../../../components/form-fields';
import { PriceField } from '../../../components/price-field';
import { TEXTS } from '../messages';
import checkCard from './check-card.module.css';
import styles from './listing-payment-fields.module.css';

/** The listing form's Payment section as typed; the guardrails are empty text when unset. */
export interface PaymentDraft {
  price: string;
  payment: string;
  isFixedPrice: boolean;
  offersAccepted: boolean;
  autoDeclineBelow: string;
  autoAcceptAt: string;
}

/** The inputs a rule of this section focuses (both sale options share the first box). */
export const PAYMENT_FIELD_IDS = {
  price: 'listing-price',
  payment: 'listing-payment',
  offersAccepted: 'listing-buy-it-now',
  isFixedPrice: 'listing-buy-it-now',
  autoDeclineBelow: 'listing-auto-decline',
  autoAcceptAt: 'listing-auto-accept',
} as const;

interface ListingPaymentFieldsProps {
  draft: PaymentDraft;
  /** A method, so the form's own setter over its whole draft fits (method parameters are compared both ways). */
  onChange<K extends keyof PaymentDraft>(field: K, value: PaymentDraft[K]): void;
  /** The rule's text for a field, when it is the one at fault. */
  fieldError: (field: string) => string | undefined;
  /** What similar items sold for, under the price. */
  priceHint?: ReactNode;
}

/** The two offer guardrails differ only in these, so their field is written once (floor first, as the form reads). */
const GUARDRAILS = [
  { field: 'autoDeclineBelow', label: 'Auto-decline offers below', hint: 'Optional. Lower offers are declined for you.' },
  { field: 'autoAcceptAt', label: 'Auto-accept offers at', hint: 'Optional. The first offer this high is accepted for you.' },
] as const;

/**
 * Price, payment email, the sale options (spec 2.8) and, on a listing taking offers, the seller's private offer
 * guardrails (issue 16): offers below the floor are declined and the first at the auto-accept price accepted.
 */
export function ListingPaymentFields({ draft, onChange, fieldError, priceHint }: ListingPaymentFieldsProps) {
  const termsError = fieldError('offersAccepted');

  return (
    <>
      <div className={styles.row}>
        <TextField
          id={PAYMENT_FIELD_IDS.price}
          label="Price (USD)"
          name="price"
          inputMode="decimal"
          maxLength={PRICE_MAX_LENGTH}
          placeholder="0"
          value={draft.price}
          onChange={(event) => onChange('price', event.target.value)}
          error={fieldError('price')}
        />
        <TextField
          id={PAYMENT_FIELD_IDS.payment}
          label="Payment email"
          name="payment"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          hint="Buyers pay you at this payment-provider email."
          value={draft.payment}
          onChange={(event) => onChange('payment', event.target.value)}
          error={fieldError('payment')}
        />
      </div>
      {priceHint}
      <div className={`${styles.terms} ${termsError ? styles.termsInvalid : ''}`}>
        <label className={checkCard.card}>
          <input
            id={PAYMENT_FIELD_IDS.isFixedPrice}
            type="checkbox"
            name="isFixedPrice"
            checked={draft.isFixedPrice}
            aria-invalid={termsError ? true : undefined}
            aria-describedby={termsError ? 'buy-it-now-hint terms-error' : 'buy-it-now-hint'}
            onChange={(event) => onChange('isFixedPrice', event.target.checked)}
          />
          <span>
            <span className={checkCard.label}>Buy It Now</span>
            <span id="buy-it-now-hint" className={checkCard.hint} aria-hidden="true">
              Buyers can purchase at your price straight away.
            </span>
          </span>
        </label>
        <label className={checkCard.card}>
          <input
            type="checkbox"
            name="offersAccepted"
            checked={draft.offersAccepted}
            aria-invalid={termsError ? true : undefined}
            aria-describedby={termsError ? 'offers-hint terms-error' : 'offers-hint'}
            onChange={(event) => onChange('offersAccepted', event.target.checked)}
          />
          <span>
            <span className={checkCard.label}>Accept Offers</span>
            <span id="offers-hint" className={checkCard.hint} aria-hidden="true">
              Buyers can offer you a price.
            </span>
          </span>
        </label>
      </div>
      {termsError ? (
        <p id="terms-error" className={styles.error}>
          {termsError}
        </p>
      ) : null}
      {draft.offersAccepted ? (
        <fieldset className={styles.guardrails} aria-describedby="guardrails-help">
          <legend className={styles.legend}>Answer offers automatically</legend>
          <p id="guardrails-help" className={styles.help}>
            {TEXTS.guardrailsPrivate}
          </p>
          <div className={styles.row}>
            {GUARDRAILS.map(({ field, label, hint }) => (
              <PriceField
                key={field}
                id={PAYMENT_FIELD_IDS[field]}
                field={{ value: draft[field], error: fieldError(field), change: (text) => onChange(field, text) }}
                label={label}
                hint={hint}
              />
            ))}
          </div>
        </fieldset>
      ) : null}
    </>
  );
}
