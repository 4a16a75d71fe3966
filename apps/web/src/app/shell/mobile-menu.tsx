import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Modal } from '../../components/modal';
import { BookIcon, FileIcon, HelpIcon, InfoIcon, LogoutIcon, MenuIcon, ShieldIcon, UserIcon } from '../../components/icons';
import { useIsLoggedIn, useLogout, useProfileStats } from '../../lib/session';
import styles from './mobile-menu.module.css';

/** The hamburger menu of the mobile navbar's search mode. */
export function MobileMenu({ className }: { className?: string }) {
  const isLoggedIn = useIsLoggedIn();
  const stats = useProfileStats();
  const logout = useLogout();
  const location = useLocation();
  const [open, setOpen] = useState(false);

  const [shownLocation, setShownLocation] = useState(location.key);
  if (shownLocation !== location.key) {
    setShownLocation(location.key);
    setOpen(false);
  }

  return (
    <>
      <button
        type="button"
        className={`${styles.trigger} ${className ?? ''}`}
        aria-label="Open menu"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <MenuIcon size={22} />
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Menu" variant="drawer">
        <nav aria-label="Menu">
          <ul className={styles.list}>
            {stats?._id.admin ? (
              <>
                <li>
                  <Link to="/approvals" className={styles.item}>
                    <ShieldIcon /> Approvals
                  </Link>
                </li>
                <li>
                  <Link to="/admin/problems" className={styles.item}>
                    <ShieldIcon /> Problems
                  </Link>
                </li>
              </>
            ) : null}
            <li>
              <Link to="/theblog" className={styles.item}>
                <BookIcon /> Blog
              </Link>
            </li>
            <li>
              <Link to="/about" className={styles.item}>
                <InfoIcon /> About
              </Link>
            </li>
            <li>
              <Link to="/help" className={styles.item}>
                <HelpIcon /> Help
              </Link>
            </li>
            <li>
              <Link to="/legal" className={styles.item}>
                <FileIcon /> Legal
              </Link>
            </li>
            <li className={styles.separator}>
              {isLoggedIn ? (
                <button
                  type="button"
                  className={styles.item}
                  disabled={logout.isPending}
                  onClick={() => {
                    setOpen(false);
                    logout.mutate();
                  }}
                >
                  <LogoutIcon /> Logout
                </button>
              ) : (
                <Link to="/signup" className={`${styles.item} ${styles.primary}`}>
                  <UserIcon /> Sign Up
                </Link>
              )}
            </li>
          </ul>
        </nav>
      </Modal>
    </>
  );
}
