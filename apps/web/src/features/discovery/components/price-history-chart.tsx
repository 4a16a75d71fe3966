import { formatPrice, type PriceHistory } from '@keeb/shared';
import { timeAgo } from '../../../lib/format';
import styles from './price-history-summary.module.css';

const BAR_WIDTH = 10;
const BAR_GAP = 4;
const HEIGHT = 36;
/** A bar never shrinks out of sight, however small its price next to the others. */
const MIN_BAR = 3;

/**
 * The last sales as bars, oldest on the left, heights in proportion to the price. Drawn inline: a chart library
 * would cost more than this whole screen. Screen readers get the prices in order from the label.
 */
export function PriceHistoryChart({ recent }: { recent: PriceHistory['recent'] }) {
  const sales = [...recent].reverse();
  const highest = Math.max(...sales.map((sale) => sale.price));
  if (sales.length === 0 || !(highest > 0)) return null;
  const width = sales.length * (BAR_WIDTH + BAR_GAP) - BAR_GAP;
  const label = `Last ${sales.length} sale prices, oldest to newest: ${sales.map((sale) => formatPrice(sale.price)).join(', ')}`;
  return (
    <svg
      className={styles.chart}
      role="img"
      aria-label={label}
      viewBox={`0 0 ${width} ${HEIGHT}`}
      width={width}
      height={HEIGHT}
      focusable="false"
    >
      <title>{label}</title>
      {sales.map((sale, index) => {
        const height = Math.max(MIN_BAR, Math.round((sale.price / highest) * HEIGHT));
        return (
          <rect
            key={`${sale.soldAt}-${index}`}
            className={styles.bar}
            x={index * (BAR_WIDTH + BAR_GAP)}
            y={HEIGHT - height}
            width={BAR_WIDTH}
            height={height}
            rx={2}
          >
            <title>{`${formatPrice(sale.price)}, sold ${timeAgo(sale.soldAt)}`}</title>
          </rect>
        );
      })}
    </svg>
  );
}
