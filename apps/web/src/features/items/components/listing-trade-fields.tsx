import { LOOKING_FOR_MAX } from '@keeb/shared';
import { TextAreaField } from '../../../components/form-fields';
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
