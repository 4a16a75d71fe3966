import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Modal } from '../../components/modal';
import { useSession } from '../../lib/session';
import { readStorage, writeStorage } from '../../lib/storage';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { PRODUCT_NAME } from '../../lib/site';
import styles from './create-account-modal.module.css';

/** Spec 9: the invitation appears 10 s after load. */
export const CREATE_ACCOUNT_DELAY_MS = 10_000;

const AUTH_PATHS = new Set(['/login', '/signup']);

/**
 * The 'Create An Account' invitation: once per browser, 10 s after load, only to visitors the server has
 * confirmed are logged out, and never over the login or sign-up forms.
 */
export function CreateAccountModal() {
  const { data: session } = useSession();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const latest = useRef({ session, pathname });
  useEffect(() => {
    latest.current = { session, pathname };
  });

  useEffect(() => {
    const timer = window.setTimeout(() => {
      const { session: current, pathname: path } = latest.current;
      if (current?.isLoggedIn !== false || AUTH_PATHS.has(path)) return;
      if (readStorage(STORAGE_KEYS.createAccountModalShown) === 'true') return;
      writeStorage(STORAGE_KEYS.createAccountModalShown, 'true');
      setOpen(true);
    }, CREATE_ACCOUNT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  const close = () => setOpen(false);

  return (
    <Modal open={open} onClose={close} title="Create An Account">
      <p className={styles.lead}>
        Join {PRODUCT_NAME} to buy, sell and trade mechanical keyboards, keycaps, switches and parts with the
        community. Listing and selling are free.
      </p>
      <div className={styles.actions}>
        <Link to="/signup" className={styles.primary} onClick={close}>
          Sign Up
        </Link>
        <Link to="/login" className={styles.secondary} onClick={close}>
          Login
        </Link>
      </div>
      <ul className={styles.more}>
        <li>
          <Link to="/about" onClick={close}>
            About
          </Link>
        </li>
        <li>
          <Link to="/help" onClick={close}>
            Help
          </Link>
        </li>
        <li>
          <Link to="/legal" onClick={close}>
            Legal
          </Link>
        </li>
      </ul>
    </Modal>
  );
}
