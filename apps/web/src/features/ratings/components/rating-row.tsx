import { Link } from 'react-router-dom';
import type { SellerRating } from '@keeb/shared';
import { timeAgo } from '../../../lib/format';
import styles from './rating-row.module.css';

/** One rating on the feedback page: its item (or 'Item Removed'), the three scores out of 5 and the comment. */
export function RatingRow({ rating }: { rating: SellerRating }) {
  const scores = [
    ['Description', rating.description],
    ['Communication', rating.communication],
    ['Shipping', rating.shipping],
  ] as const;
  return (
    <li className={styles.row}>
      <div className={styles.item}>
        {rating.itemId ? (
          <Link to={`/detail/${encodeURIComponent(rating.itemId._id)}`} className={styles.itemLink}>
            <img src={rating.itemId.thumbnail} alt="" className={styles.thumb} loading="lazy" width={56} height={56} />
            <span className={styles.itemName}>{rating.itemId.name}</span>
          </Link>
        ) : (
          <span className={styles.removed}>
            <span className={styles.thumbPlaceholder} aria-hidden="true" />
            <span className={styles.itemName}>Item Removed</span>
          </span>
        )}
        <time dateTime={rating.createdAt} className={styles.time}>
          {timeAgo(rating.createdAt)}
        </time>
      </div>
      <dl className={styles.scores}>
        {scores.map(([label, value]) => (
          <div key={label} className={styles.score}>
            <dt>{label}</dt>
            <dd>{value} out of 5</dd>
          </div>
        ))}
      </dl>
      {rating.comment ? <p className={styles.comment}>{rating.comment}</p> : null}
    </li>
  );
}
