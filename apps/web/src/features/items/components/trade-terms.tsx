import type { ItemDetail } from '@keeb/shared';
import { TradeMark } from '../../../components/trade-marks';
import styles from './trade-terms.module.css';

/**
 * The item page's trade terms (issue 28): 'Open to trades' and what the seller would take ('Looking for: ...'), and
 * 'Trade pending' while an accepted trade holds the item (its Buy and Make Offer buttons are gone meanwhile, as on a
 * sold item). What the seller looks for stays shown while a trade is pending: the trade may still fall through.
 */
export function TradeTerms({ item }: { item: Pick<ItemDetail, 'openToTrades' | 'lookingFor' | 'tradePending' | 'purchaserId'> }) {
  const sold = item.purchaserId !== null;
  const open = item.openToTrades && !sold;
  if (!open && !item.tradePending) return null;
  return (
    <section className={styles.trade} aria-label="Trades">
      <div className={styles.marks}>
        {item.tradePending ? (
          <span role="status">
            <TradeMark kind="pending" />
          </span>
        ) : null}
        {open ? <TradeMark kind="open" /> : null}
      </div>
      {open && item.lookingFor ? (
        <p className={styles.lookingFor}>Looking for: {item.lookingFor}</p>
      ) : null}
    </section>
  );
}
