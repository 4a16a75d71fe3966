import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatPrice, newMatchText, NOTIFICATION_HIDE_MS, type WantMatchNotification } from '@keeb/shared';
import { useSession } from '../../../lib/session';
import { wantKeys } from '../api/keys';
import styles from './want-match-notice.module.css';

/** How the notice hears of matches: the tab's realtime connection (app/ passes the chat socket's subscription in). */
export type SubscribeToWantMatches = (listener: (match: WantMatchNotification) => void) => () => void;

/**
 * The corner notification for a `wantMatch` push (issue 16): 'New match for {want}', linking to the listing, gone
 * after NOTIFICATION_HIDE_MS like the message notice. Each push also refreshes the wants, so an open Wants tab
 * shows the match.
 */
export function WantMatchNotice({ subscribe }: { subscribe: SubscribeToWantMatches }) {
  const queryClient = useQueryClient();
  const session = useSession().data;
  const signedIn = session?.isLoggedIn === true;
  const [notice, setNotice] = useState<WantMatchNotification | null>(null);

  useEffect(() => {
    if (!signedIn) {
      setNotice(null);
      return;
    }
    return subscribe((match) => {
      void queryClient.invalidateQueries({ queryKey: wantKeys.all });
      setNotice(match);
    });
  }, [queryClient, signedIn, subscribe]);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), NOTIFICATION_HIDE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  if (!notice) return null;
  const { item } = notice;
  return (
    <Link to={`/detail/${encodeURIComponent(item._id)}`} className={styles.toast} onClick={() => setNotice(null)}>
      {/* The name beside it says what the photo shows. */}
      <img className={styles.thumb} src={item.thumbnail} alt="" width={48} height={48} />
      <span className={styles.text}>
        <span className={styles.title}>{newMatchText(notice.label)}</span>
        <span className={styles.item}>
          {item.name} · {formatPrice(item.price)}
        </span>
      </span>
    </Link>
  );
}
