import { Link } from 'react-router-dom';
import type { SavedItemNotification } from '@keeb/shared';
import corner from '../../../components/corner-notice.module.css';
import { usePushNotice, type SubscribeToPush } from '../../../lib/use-push-notice';
import { savedTabKey } from '../api/saver-offers';

/** How the notice hears of saved items' news: the tab's realtime connection (app/ passes the chat socket's subscription). */
export type SubscribeToSavedItemUpdates = SubscribeToPush<SavedItemNotification>;

/** The Saved tab: the bare /me/vault (its first tab). */
export const SAVED_TAB_PATH = '/me/vault';

/**
 * Where the notice leads: the push's own path when it is a page of this app (an item's page or the vault), else by
 * kind (a drop to the item, an offer to the Saved tab's 'Offers for you'): the server's paths name its own routes.
 */
export function savedItemNoticePath(push: SavedItemNotification): string {
  if (/^\/(detail\/[^/?#]+|me\/vault)([?#].*)?$/.test(push.path)) return push.path;
  return push.kind === 'priceDrop' ? `/detail/${encodeURIComponent(push.item._id)}` : SAVED_TAB_PATH;
}

/**
 * The corner notification for a `savedItemUpdate` push (issue 29): the server's text beside the item's photo, gone
 * after NOTIFICATION_HIDE_MS like the other notices. Each push refreshes the Saved tab (its cards and its offers).
 */
export function SavedItemNotice({ subscribe }: { subscribe: SubscribeToSavedItemUpdates }) {
  const [notice, dismiss] = usePushNotice(subscribe, savedTabKey);
  if (!notice) return null;
  return (
    <Link to={savedItemNoticePath(notice)} className={corner.itemCard} onClick={dismiss}>
      {/* The text names the item: the photo beside it is decoration. */}
      <img className={corner.thumb} src={notice.item.thumbnail} alt="" width={48} height={48} />
      <span className={corner.wrappingTitle}>{notice.text}</span>
    </Link>
  );
}
