import type { ComponentType } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Avatar } from '../../components/avatar';
import { Badge } from '../../components/badge';
import { ChatIcon, HomeIcon, PlusIcon, TagIcon, UserIcon } from '../../components/icons';
import { useIsLoggedIn, useNotificationCounts, useProfileStats, useSession } from '../../lib/session';
import styles from './bottom-toolbar.module.css';

interface Tab {
  to: string;
  label: string;
  Icon: ComponentType<{ size?: number }>;
  isActive: (pathname: string) => boolean;
}

const under = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

const TABS: readonly Tab[] = [
  { to: '/', label: 'Feed', Icon: HomeIcon, isActive: (p) => p === '/' || under(p, '/items') },
  { to: '/me/offers', label: 'Offers', Icon: TagIcon, isActive: (p) => under(p, '/me/offers') },
  { to: '/sell', label: 'Sell', Icon: PlusIcon, isActive: (p) => under(p, '/sell') },
  { to: '/chats', label: 'Chats', Icon: ChatIcon, isActive: (p) => under(p, '/chats') },
  {
    to: '/me',
    label: 'Me',
    Icon: UserIcon,
    isActive: (p) => (under(p, '/me') && !under(p, '/me/offers')) || under(p, '/settings'),
  },
];

/** The mobile bottom toolbar (below 768 px only; CSS hides it on wider screens). */
export function BottomToolbar() {
  const { pathname } = useLocation();
  const isLoggedIn = useIsLoggedIn();
  const { data: session } = useSession();
  const stats = useProfileStats();
  const { numNewOffers, numNewMessages, numOrdersToAct } = useNotificationCounts();
  const badges: Record<string, { count: number; label: string } | undefined> = {
    '/me/offers': { count: numNewOffers, label: 'new offers' },
    '/chats': { count: numNewMessages, label: 'new messages' },
    // Orders live under Me on phones (/me links to /me/orders).
    '/me': { count: numOrdersToAct, label: 'orders to act on' },
  };

  return (
    <nav aria-label="Main toolbar" className={styles.toolbar}>
      <ul className={styles.list}>
        {TABS.map(({ to, label, Icon, isActive }) => {
          const badge = badges[to];
          const showAvatar = to === '/me' && isLoggedIn;
          return (
            <li key={to} className={styles.cell}>
              <Link to={to} className={styles.tab} aria-current={isActive(pathname) ? 'page' : undefined}>
                <span className={styles.iconWrap}>
                  {showAvatar ? (
                    <Avatar src={stats?.avatar} username={stats?.username ?? session?.username ?? ''} size="sm" />
                  ) : (
                    <Icon size={22} />
                  )}
                </span>
                <span className={styles.label}>{label}</span>
                {badge ? <Badge count={badge.count} label={badge.label} className={styles.badge} /> : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
