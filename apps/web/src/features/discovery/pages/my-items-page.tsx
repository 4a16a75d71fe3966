import { Link } from 'react-router-dom';
import { Badge } from '../../../components/badge';
import { BoxIcon, SettingsIcon } from '../../../components/icons';
import { useNotificationCounts, useSession } from '../../../lib/session';
import { myItemsSource, useProfile, type MyItemsTab } from '../api/profiles';
import { EmptyState, ItemList } from '../components/item-list';
import { ProfileHeader, ProfileHeaderSkeleton } from '../components/profile-header';
import { UrlTabs, type TabDef } from '../../../components/url-tabs';
import styles from './profile-pages.module.css';

const TABS: readonly [TabDef<MyItemsTab>, ...TabDef<MyItemsTab>[]] = [
  { id: 'listed', label: 'Listed' },
  { id: 'sold', label: 'Sold' },
  { id: 'purchased', label: 'Purchased' },
];

const LABELS: Record<MyItemsTab, string> = { listed: 'Listed items', sold: 'Sold items', purchased: 'Purchased items' };

/** /me (spec 2.4): the signed-in user's own header, a way to settings, and their listed, sold and bought items. */
export function MyItemsPage() {
  const session = useSession();
  const username = session.data?.isLoggedIn ? session.data.username : undefined;
  const { numOrdersToAct } = useNotificationCounts();

  return (
    <div className={styles.page}>
      <div className={styles.titleRow}>
        <h1 className={styles.heading}>My Items</h1>
        <div className={styles.titleLinks}>
          {/* On phones this is the way to orders (the bottom toolbar's Me carries the same badge). */}
          <Link to="/me/orders" className={styles.orders}>
            <BoxIcon size={18} />
            Orders
            <Badge count={numOrdersToAct} label="orders to act on" />
          </Link>
          <Link to="/settings" className={styles.settings}>
            <SettingsIcon size={18} />
            Settings
          </Link>
        </div>
      </div>
      {username ? <OwnHeader username={username} /> : null}
      <UrlTabs label="My items" tabs={TABS}>
        {(tab) => <ItemList key={tab} source={myItemsSource(tab)} label={LABELS[tab]} empty={<EmptyState title="No Items" />} />}
      </UrlTabs>
    </div>
  );
}

function OwnHeader({ username }: { username: string }) {
  const profile = useProfile(username);
  if (profile.data) return <ProfileHeader profile={profile.data} headingLevel={2} />;
  // The page works without its header: the tabs below do not depend on it.
  return profile.isError ? null : <ProfileHeaderSkeleton />;
}
