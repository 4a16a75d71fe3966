import type { RatingAverages } from '@keeb/shared';
import styles from './rating-averages.module.css';

/** Spec part 2, section 9: averages with two decimals out of 5 on the feedback page. */
export const twoDecimals = (value: number) => value.toFixed(2);

/** The feedback page's summary: overall, the three categories and how many ratings they stand on. */
export function RatingAveragesCard({ averages }: { averages: RatingAverages }) {
  const categories = [
    ['Description', averages.descAvg],
    ['Communication', averages.commAvg],
    ['Shipping', averages.shipAvg],
  ] as const;
  return (
    <section className={styles.card} aria-labelledby="averages-title">
      <h2 id="averages-title" className="visually-hidden">
        Averages
      </h2>
      <dl className={styles.overall}>
        <dt>Overall</dt>
        <dd>
          <strong className={styles.big}>{twoDecimals(averages.overall)}</strong> out of 5
        </dd>
      </dl>
      <p className={styles.count}>
        {averages.count.toLocaleString()} {averages.count === 1 ? 'rating' : 'ratings'}
      </p>
      <dl className={styles.categories}>
        {categories.map(([label, value]) => (
          <div key={label} className={styles.category}>
            <dt>{label}</dt>
            <dd>{twoDecimals(value)} out of 5</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
