import { LOOKING_FOR_MAX } from '@keeb/shared';
import { FormBanner } from '../../../components/form-banner';
import { TextAreaField } from '../../../components/form-fields';
import { useSavedAddress } from '../../../lib/session';
import checkCard from './check-card.module.css';
import styles from './listing-trade-fields.module.css';

export const TRADE_FIELD_IDS = { openToTrades: 'listing-open-to-trades', lookingFor: 'listing-looking-for' } as const;

export interface TradeDraft {
  openToTrades: boolean;
  lookingFor: string;
}

interface ListingTradeFieldsProps {
  draft: TradeDraft;
  onChange<K extends keyof TradeDraft>(field: K, value: TradeDraft[K]): void;
  fieldError: (field: string) => string | undefined;
}

/**
 * The sell form's trade terms (issue 28): 'Open to trades' and, once ticked, what the seller would take. Unticking
 * hides the text but keeps it in the draft, so ticking again by mistake loses nothing; the API drops it when the
 * listing is saved closed to trades.
 */
export function ListingTradeFields({ draft, onChange, fieldError }: ListingTradeFieldsProps) {
  // Issue 36: a trade ships both ways, so opening a listing to trades asks for the seller's address up front
  // (accepting a trade without one is refused). Read only once the box is ticked.
  const saved = useSavedAddress(draft.openToTrades);
  return (
    <div className={styles.fields}>
      <label className={checkCard.card}>
        <input
          id={TRADE_FIELD_IDS.openToTrades}
          type="checkbox"
          name="openToTrades"
          checked={draft.openToTrades}
          aria-describedby="open-to-trades-hint"
          onChange={(event) => onChange('openToTrades', event.target.checked)}
        />
        <span>
          <span className={checkCard.label}>Open to trades</span>
          <span id="open-to-trades-hint" className={checkCard.hint} aria-hidden="true">
            Buyers can offer their own listings, with cash either way.
          </span>
        </span>
      </label>
      {draft.openToTrades && saved.data === null ? (
        <FormBanner tone="warning">
          <span data-testid="open-to-trades-address">
            A trade ships both ways: add your mailing address in{' '}
            <a href="/settings" target="_blank" rel="noopener noreferrer">
              Settings
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>{' '}
            so you can accept a trade.
          </span>
        </FormBanner>
      ) : null}
      {draft.openToTrades ? (
        <TextAreaField
          id={TRADE_FIELD_IDS.lookingFor}
          label="Looking for"
          name="lookingFor"
          rows={2}
          maxLength={LOOKING_FOR_MAX}
          placeholder="What would you take? e.g. a 65% board, GMK keycaps + cash"
          hint={`Optional, up to ${LOOKING_FOR_MAX} characters.`}
          value={draft.lookingFor}
          onChange={(event) => onChange('lookingFor', event.target.value)}
          error={fieldError('lookingFor')}
        />
      ) : null}
    </div>
  );
}
