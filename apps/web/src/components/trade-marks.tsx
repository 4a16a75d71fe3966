import styles from './trade-marks.module.css';

/** Issue 28's texts, quoted by the issue: a listing whose seller takes trades, and one an accepted trade holds. */
export const OPEN_TO_TRADES = 'Open to trades';
export const TRADE_PENDING = 'Trade pending';

function SwapIcon() {
  return (
    <svg width={12} height={12} viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth={2.5} strokeLinecap="round" strokeLinejoin="round">
      <path d="M4 8h13l-3-3M20 16H7l3 3" />
    </svg>
  );
}

/** One small pill: 'Open to trades', or 'Trade pending' while an accepted trade holds the listing. */
export function TradeMark({ kind, className }: { kind: 'open' | 'pending'; className?: string }) {
  const classes = [styles.mark, kind === 'pending' ? styles.pending : '', className].filter(Boolean).join(' ');
  return (
    <span className={classes}>
      <SwapIcon />
      {kind === 'pending' ? TRADE_PENDING : OPEN_TO_TRADES}
    </span>
  );
}

/**
 * A card's one trade mark: 'Trade pending' while an accepted trade holds the listing (it cannot be bought or offered
 * on then, so the open invitation would mislead), else 'Open to trades' when the seller takes trades.
 */
export function CardTradeMark({ openToTrades, tradePending }: { openToTrades: boolean; tradePending: boolean }) {
  if (tradePending) return <TradeMark kind="pending" />;
  return openToTrades ? <TradeMark kind="open" /> : null;
}
