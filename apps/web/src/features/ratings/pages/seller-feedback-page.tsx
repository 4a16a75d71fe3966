import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ERROR_CODES, type UserRatings } from '@keeb/shared';
import { ListState, LoadMore } from '../../../components/list-state';
import { isApiError } from '../../../lib/api-error';
import { useUserRatings } from '../api/get-user-ratings';
import { RatingAveragesCard } from '../components/rating-averages';
import { RatingRow } from '../components/rating-row';
import styles from './seller-feedback-page.module.css';

/** /u/{id}/rating, 'Seller Feedback' (spec part 2): the seller's averages, then their ratings newest first. */
export function SellerFeedbackPage() {
  const { id = '' } = useParams();
  return <SellerFeedback key={id.toLowerCase()} sellerKey={id} />;
}

function SellerFeedback({ sellerKey }: { sellerKey: string }) {
  const navigate = useNavigate();
  const query = useUserRatings(sellerKey);
  // Spec part 2, section 8: not_found navigates to /404.
  const notFound = isApiError(query.error) && query.error.code === ERROR_CODES.notFound;
  useEffect(() => {
    if (notFound) void navigate('/404', { replace: true });
  }, [notFound, navigate]);
  if (notFound) return null;

  const first: UserRatings | undefined = query.data?.pages[0];
  const ratings = query.data?.pages.flatMap((page) => page.ratings);
  const username = first?._id.username;
  const hasAverages = first !== undefined && first.count > 0;

  return (
    <div className={styles.page}>
      <div className={styles.titleRow}>
        <h1 className={styles.heading}>Seller Feedback</h1>
        {username ? (
          <Link to={`/u/${encodeURIComponent(username)}`} className={styles.seller}>
            {username}
          </Link>
        ) : null}
      </div>
      <div className={`${styles.body} ${hasAverages ? styles.withAverages : ''}`}>
        {/* A seller with no ratings has no averages (the API answers 0s): the list's 'No Ratings' says it all. */}
        {hasAverages ? <RatingAveragesCard averages={first} /> : null}
        <section aria-labelledby="ratings-title" className={styles.list}>
          <h2 id="ratings-title" className="visually-hidden">
            Ratings
          </h2>
          <ListState query={query} rows={ratings} empty="No Ratings" failed="The ratings could not be loaded." loadingLabel="Loading ratings" skeletonHeight={96}>
            {(rows) => (
              <>
                <ul className={styles.rows}>
                  {rows.map((rating) => (
                    <RatingRow key={rating._id} rating={rating} />
                  ))}
                </ul>
                <LoadMore query={query} label="Show more ratings" failed="More ratings could not be loaded. Please try again." />
              </>
            )}
          </ListState>
        </section>
      </div>
    </div>
  );
}
