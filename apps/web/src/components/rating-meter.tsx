import styles from './rating-meter.module.css';

interface RatingMeterProps {
  /** The overall average out of 5 (0 when unrated). */
  overall: number;
  count: number;
  className?: string;
}

/** '4.3 out of 5, 12 ratings'; 'No ratings yet' when there are none. */
export function ratingMeterLabel(overall: number, count: number): string {
  if (count === 0) return 'No ratings yet';
  return `${overall.toFixed(1)} out of 5, ${count.toLocaleString()} ${count === 1 ? 'rating' : 'ratings'}`;
}

/**
 * A seller's rating meter (spec part 1: stars 1 to 5 shown to one decimal): five stars filled to the average, the
 * average and the count. One image to assistive technology, named by ratingMeterLabel, so a link around it reads
 * as a sentence rather than as star glyphs.
 */
export function RatingMeter({ overall, count, className }: RatingMeterProps) {
  const rounded = Math.round(overall * 10) / 10;
  const fill = count === 0 ? 0 : Math.min(100, Math.max(0, (rounded / 5) * 100));
  return (
    <span className={className ? `${styles.meter} ${className}` : styles.meter} role="img" aria-label={ratingMeterLabel(rounded, count)}>
      <span className={styles.stars} aria-hidden="true">
        <span className={styles.empty}>★★★★★</span>
        <span className={styles.filled} style={{ width: `${fill}%` }}>
          ★★★★★
        </span>
      </span>
      <span className={styles.value} aria-hidden="true">
        {count === 0 ? 'No ratings yet' : `${rounded.toFixed(1)} (${count.toLocaleString()})`}
      </span>
    </span>
  );
}
