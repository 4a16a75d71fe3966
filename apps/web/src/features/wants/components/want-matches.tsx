import { formatPrice } from '@keeb/shared';
import { Button } from '../../../components/button';
import { ItemCard } from '../../../components/item-card';
import { timeAgo } from '../../../lib/format';
import { useWantMatches } from '../api/get-want-matches';
import { TEXTS } from '../messages';
import styles from './want-matches.module.css';

/** The listings that matched one want, newest first, each with the price (shipping included) it matched at. */
export function WantMatches({ wantId, label }: { wantId: string; label: string }) {
  const matches = useWantMatches(wantId);
  const rows = matches.data?.pages.flat();

  if (!rows) {
    return matches.isError ? (
      <p className={styles.note} role="alert">
        {TEXTS.matchesFailed}{' '}
        <Button variant="ghost" size="sm" onClick={() => void matches.refetch()}>
          Try again
        </Button>
      </p>
    ) : (
      <p className={styles.note} role="status">
        Loading matches…
      </p>
    );
  }
  if (rows.length === 0) return <p className={styles.note}>{TEXTS.noMatches}</p>;

  return (
    <>
      <ul className={styles.grid} aria-label={`Matches for ${label}`}>
        {rows.map((match) => (
          <li key={match._id} className={styles.cell}>
            <ItemCard item={match} />
            <p className={styles.matched}>
              Matched at {formatPrice(match.matchedPrice)}
              <time dateTime={match.matchedAt} className={styles.when}>
                {` · ${timeAgo(match.matchedAt)}`}
              </time>
            </p>
          </li>
        ))}
      </ul>
      {matches.hasNextPage ? (
        <Button variant="secondary" size="sm" pending={matches.isFetchingNextPage} onClick={() => void matches.fetchNextPage()}>
          More matches
        </Button>
      ) : null}
    </>
  );
}
