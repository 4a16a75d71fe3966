import { useState } from 'react';
import { Link } from 'react-router-dom';
import { readStorage, writeStorage } from '../../lib/storage';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import styles from './cookie-banner.module.css';

export function CookieBanner() {
  const [accepted, setAccepted] = useState(() => readStorage(STORAGE_KEYS.cookiesAccepted) === 'true');
  if (accepted) return null;

  const accept = () => {
    writeStorage(STORAGE_KEYS.cookiesAccepted, 'true');
    setAccepted(true);
  };

  return (
    <section className={styles.banner} aria-label="Cookie notice">
      <p className={styles.text}>
        We use cookies to keep you signed in and the marketplace secure. See our <Link to="/legal?tab=privacy">privacy policy</Link>.
      </p>
      <button type="button" className={styles.accept} onClick={accept}>
        Accept
      </button>
    </section>
  );
}
