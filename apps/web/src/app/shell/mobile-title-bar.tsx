import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { NotificationCounts } from '@keeb/shared';
import { Badge } from '../../components/badge';
import { BackIcon, SettingsIcon, TagIcon, VaultIcon } from '../../components/icons';
import type { PageAccessoryAction } from '../../lib/page-meta';
import { useNotificationCounts } from '../../lib/session';
import type { RouteAccessory } from '../route-handle';
import styles from './mobile-title-bar.module.css';

const ACCESSORY_ICONS = { settings: SettingsIcon, vault: VaultIcon, offers: TagIcon } as const;

const BADGES: Record<NonNullable<RouteAccessory['badge']>, { count: keyof NotificationCounts; label: string }> = {
  offers: { count: 'numNewOffers', label: 'new offers' },
  messages: { count: 'numNewMessages', label: 'new messages' },
  wants: { count: 'numNewWantMatches', label: 'new want matches' },
};

interface MobileTitleBarProps {
  title: string;
  back: boolean;
  routeAccessory: RouteAccessory | undefined;
  pageAccessory: PageAccessoryAction | undefined;
}

/** The mobile navbar's title mode: optional back button, title, optional accessory (icon + badge, or text). */
export function MobileTitleBar({ title, back, routeAccessory, pageAccessory }: MobileTitleBarProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const counts = useNotificationCounts();

  // 'default' is the key of the first page of the visit: with nothing to go back to, back means home.
  const goBack = () => void (location.key === 'default' ? navigate('/') : navigate(-1));

  let accessory = null;
  if (pageAccessory) {
    accessory = (
      <button type="button" className={styles.textAction} onClick={pageAccessory.onClick} disabled={pageAccessory.disabled}>
        {pageAccessory.label}
      </button>
    );
  } else if (routeAccessory) {
    const Icon = ACCESSORY_ICONS[routeAccessory.icon];
    const badge = routeAccessory.badge ? BADGES[routeAccessory.badge] : undefined;
    accessory = (
      <Link to={routeAccessory.to} className={styles.iconAction}>
        <Icon size={22} />
        <span className="visually-hidden">{routeAccessory.label}</span>
        {badge ? <Badge count={counts[badge.count]} label={badge.label} className={styles.badge} /> : null}
      </Link>
    );
  }

  return (
    <div className={styles.bar}>
      <div className={styles.side}>
        {back ? (
          <button type="button" className={styles.iconAction} onClick={goBack} aria-label="Back">
            <BackIcon size={24} />
          </button>
        ) : null}
      </div>
      <p className={styles.title}>{title}</p>
      <div className={`${styles.side} ${styles.end}`}>{accessory}</div>
    </div>
  );
}
