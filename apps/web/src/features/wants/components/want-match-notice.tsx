import { Link } from 'react-router-dom';
import { formatPrice, newMatchText, type WantMatchNotification } from '@keeb/shared';
import corner from '../../../components/corner-notice.module.css';
import { usePushNotice, type SubscribeToPush } from '../../../lib/use-push-notice';
import { wantKeys } from '../api/keys';
import styles from './want-match-notice.module.css';

/** How the notice hears of matches: the tab's realtime connection (app/ passes the chat socket's subscription in). */
export type SubscribeToWantMatches = SubscribeToPush<WantMatchNotification>;

/**
 * The corner notification for a `wantMatch` push (issue 16): 'New match for {want}', linking to the listing, gone
 * after NOTIFICATION_HIDE_MS like the message notice. Each push also refreshes the wants, so an open Wants tab
 * shows the match.
 */
export function WantMatchNotice({ subscribe }: { subscribe: SubscribeToWantMatches }) {
  const [notice, dismiss] = usePushNotice(subscribe, wantKeys.all);
  if (!notice) return null;
  const { item } = notice;
  return (
    <Link to={`/detail/${encodeURIComponent(item._id)}`} className={corner.itemCard} onClick={dismiss}>
      {/* The name beside it says what the photo shows. */}
      <img className={corner.thumb} src={item.thumbnail} alt="" width={48} height={48} />
      <span className={styles.text}>
        <span className={corner.wrappingTitle}>{newMatchText(notice.label)}</span>
        <span className={styles.item}>
          {item.name} · {formatPrice(item.price)}
        </span>
      </span>
    </Link>
  );
}
