import { useId } from 'react';
import { formatPrice, TRADE_MESSAGE_MAX, TRADE_OFFERED_MAX } from '@keeb/shared';
import { Button } from '../../../components/button';
import { TextAreaField, TextField } from '../../../components/form-fields';
import { PRICE_INPUT_MAX_LENGTH } from '../../../lib/price-input';
import { useListings } from '../api/get-listings';
import { TEXTS } from '../messages';
import { CASH_CHOICES, type TradeTermsState } from './trade-terms';
import styles from './trade-modals.module.css';

interface TradeTermsFieldsProps {
  terms: TradeTermsState;
  /** Whose listings are picked from: always the proposer's (a counter changes which of theirs are asked for). */
  listingsOf: string;
  /** The picker's legend: 'Your listings to offer', "clackfan's listings you ask for". */
  legend: string;
  /** Listings shown although held or absent from the public list: the ones the trade already names. */
  alwaysAllowed?: readonly string[];
}

/** The picker, the cash either way and the message: the proposal's and the counter's form body. */
export function TradeTermsFields({ terms, listingsOf, legend, alwaysAllowed = [] }: TradeTermsFieldsProps) {
  const listings = useListings(listingsOf);
  const ids = useId();
  const itemsErrorId = `${ids}-items-error`;
  const full = terms.selected.length >= TRADE_OFFERED_MAX;

  return (
    <>
      <fieldset className={styles.fieldset} aria-describedby={terms.errors.items ? itemsErrorId : undefined}>
        <legend className={styles.legend}>{legend}</legend>
        <p className={styles.hint}>
          Pick one to {TRADE_OFFERED_MAX} ({terms.selected.length} picked).
        </p>
        {listings.isError ? (
          <p className={styles.error} role="alert">
            {TEXTS.listingsFailed}{' '}
            <Button variant="ghost" size="sm" onClick={() => void listings.refetch()}>
              Try again
            </Button>
          </p>
        ) : null}
        {listings.isPending ? <div className={styles.skeleton} aria-busy="true" aria-label="Loading listings" /> : null}
        {listings.data?.length === 0 ? <p className={styles.hint}>{TEXTS.noListings}</p> : null}
        {listings.data && listings.data.length > 0 ? (
          <ul className={styles.picker}>
            {listings.data.map((listing) => {
              const checked = terms.selected.includes(listing._id);
              const held = listing.tradePending === true && !alwaysAllowed.includes(listing._id);
              return (
                <li key={listing._id}>
                  <label className={`${styles.pick} ${held ? styles.pickDisabled : ''}`}>
                    <input
                      type="checkbox"
                      checked={checked}
                      disabled={held || (full && !checked)}
                      onChange={() => terms.toggle(listing._id)}
                    />
                    <img className={styles.pickThumb} src={listing.thumbnail} alt={listing.name} width={48} height={48} loading="lazy" decoding="async" />
                    <span className={styles.pickText}>
                      <span className={styles.pickName}>{listing.name}</span>
                      <span className={styles.pickMeta}>{held ? TEXTS.tradePending : formatPrice(listing.price)}</span>
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        ) : null}
        {terms.errors.items ? (
          <p id={itemsErrorId} className={styles.error}>
            {terms.errors.items}
          </p>
        ) : null}
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Cash</legend>
        <div className={styles.choices}>
          {CASH_CHOICES.map((choice) => (
            <label key={choice.value} className={styles.choice}>
              <input
                type="radio"
                name={`${ids}-cash`}
                value={choice.value}
                checked={terms.direction === choice.value}
                onChange={() => terms.setDirection(choice.value)}
              />
              {choice.label}
            </label>
          ))}
        </div>
        {terms.direction !== 'none' ? (
          <TextField
            label="Amount (USD)"
            inputMode="decimal"
            autoComplete="off"
            maxLength={PRICE_INPUT_MAX_LENGTH}
            value={terms.amount}
            onChange={(event) => terms.setAmount(event.target.value)}
            error={terms.errors.amount}
          />
        ) : null}
      </fieldset>

      <TextAreaField
        label="Message"
        hint="What you propose and why, shipping details, anything the other side should know."
        rows={3}
        maxLength={TRADE_MESSAGE_MAX}
        value={terms.message}
        onChange={(event) => terms.setMessage(event.target.value)}
        error={terms.errors.message}
      />
    </>
  );
}
