import { formatPrice, PRICE_HISTORY_MIN_SALES, type PriceHistory, type PriceHistoryQuery } from '@keeb/shared';
import { timeAgo } from '../../../lib/format';
import { usePriceHistory } from '../api/price-history';
import { PriceHistoryChart } from './price-history-chart';
import styles from './price-history-summary.module.css';

interface PriceHistorySummaryProps {
  /** The search and filters; nothing is asked or shown without one. */
  query: PriceHistoryQuery | undefined;
  /** Adds the lowest and highest sale (the sell form's pricing hint). */
  showRange?: boolean;
  className?: string;
}

/**
 * 'Sold recently: median $X from N sales' with a chart of the last sales, for a search (the feed), an item's
 * name (similar items) or the name a seller types. Below PRICE_HISTORY_MIN_SALES sales, or while it loads or
 * when the call fails, nothing: a missing hint is better than a wrong one.
 */
export function PriceHistorySummary({ query, showRange = false, className }: PriceHistorySummaryProps) {
  const { data } = usePriceHistory(query ?? {}, query !== undefined);
  if (!query || !data || data.count < PRICE_HISTORY_MIN_SALES) return null;
  const { median, min, max } = data;
  if (median === null || min === null || max === null) return null;
  return (
    <section className={[styles.summary, className].filter(Boolean).join(' ')} aria-label="Sold prices">
      <div className={styles.figures}>
        <p className={styles.line}>{`Sold recently: median ${formatPrice(median)} from ${data.count} sales`}</p>
        {showRange ? (
          <p className={styles.range}>
            {min === max ? `Every sale at ${formatPrice(min)}` : `Sold from ${formatPrice(min)} to ${formatPrice(max)}`}
          </p>
        ) : null}
      </div>
      <PriceHistoryChart recent={data.recent} />
      {data.recent.length > 0 ? <RecentSales recent={data.recent} /> : null}
    </section>
  );
}

/** The sales behind the chart, folded away until asked for: their thumbnails load only then. */
function RecentSales({ recent }: { recent: PriceHistory['recent'] }) {
  return (
    <details className={styles.recent}>
      <summary className={styles.recentToggle}>Recent sales</summary>
      <ul className={styles.recentList}>
        {recent.map((sale, index) => (
          <li key={`${sale.soldAt}-${index}`} className={styles.sale}>
            <img
              className={styles.thumbnail}
              src={sale.thumbnail}
              alt=""
              width={40}
              height={40}
              loading="lazy"
              decoding="async"
            />
            <span className={styles.saleName}>{sale.name}</span>
            <span className={styles.salePrice}>{formatPrice(sale.price)}</span>
            <time className={styles.saleTime} dateTime={sale.soldAt}>
              {timeAgo(sale.soldAt)}
            </time>
          </li>
        ))}
      </ul>
    </details>
  );
}
