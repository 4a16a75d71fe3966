import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Avatar } from '../../components/avatar';
import { Badge } from '../../components/badge';
import { ChevronDownIcon } from '../../components/icons';
import { formatKarma } from '../../lib/format';
import { useLogout, useNotificationCounts, useProfileStats, useSession } from '../../lib/session';
import styles from './user-menu.module.css';

/** The desktop avatar dropdown of a logged-in user. */
export function UserMenu() {
  const { data: session } = useSession();
  const stats = useProfileStats();
  const { numNewMessages, numNewOffers, numNewWantMatches, numOrdersToAct } = useNotificationCounts();
  const logout = useLogout();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);

  const username = stats?.username ?? session?.username ?? '';

  const [shownLocation, setShownLocation] = useState(location.key);
  if (shownLocation !== location.key) {
    setShownLocation(location.key);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      triggerRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div className={styles.root} ref={rootRef}>
      <button
        ref={triggerRef}
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="visually-hidden">Account menu</span>
        <span className={styles.avatarWrap}>
          <Avatar src={stats?.avatar} username={username} />
          <Badge
            count={numNewMessages + numNewOffers + numNewWantMatches + numOrdersToAct}
            dot
            label="new messages, offers, want matches or orders to act on"
            className={styles.dot}
          />
        </span>
        <ChevronDownIcon size={16} />
      </button>
      {open ? (
        <div id={menuId} className={styles.panel}>
          <Link to="/me" className={styles.identity}>
            <Avatar src={stats?.avatar} username={username} size="lg" />
            <span className={styles.identityText}>
              <span className={styles.username}>{username}</span>
              {stats ? <span className={styles.karma}>{formatKarma(stats.karma)}</span> : null}
            </span>
          </Link>
          <ul className={styles.list}>
            <li>
              <Link to="/chats" className={styles.item}>
                Chats <Badge count={numNewMessages} label="new messages" />
              </Link>
            </li>
            {stats?._id.admin ? (
              <>
                <li>
                  <Link to="/approvals" className={styles.item}>
                    Approvals
                  </Link>
                </li>
                <li>
                  <Link to="/admin/problems" className={styles.item}>
                    Problems
                  </Link>
                </li>
              </>
            ) : null}
            <li>
              <Link to="/me/vault" className={styles.item}>
                Vault <Badge count={numNewWantMatches} label="new want matches" />
              </Link>
            </li>
            <li>
              <Link to="/me/offers" className={styles.item}>
                Offers <Badge count={numNewOffers} label="new offers" />
              </Link>
            </li>
            <li>
              <Link to="/me/orders" className={styles.item}>
                Orders <Badge count={numOrdersToAct} label="orders to act on" />
              </Link>
            </li>
            <li>
              <Link to="/settings" className={styles.item}>
                Settings
              </Link>
            </li>
            <li className={styles.separator}>
              <button
                type="button"
                className={styles.item}
                disabled={logout.isPending}
                onClick={() => logout.mutate()}
              >
                Logout
              </button>
            </li>
          </ul>
        </div>
      ) : null}
    </div>
  );
}
