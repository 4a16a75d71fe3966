import { useSyncExternalStore } from 'react';
import { CloseIcon } from '../../components/icons';
import { apiAlerts } from '../../lib/api-alerts';
import { browser } from '../../lib/browser';
import styles from './api-banners.module.css';

export const NETWORK_ERROR_TEXT = 'Hmmm...there appears to be an issue. Please try refreshing.';
export const RATE_LIMIT_TEXT = "Whoa, slow down! You're making too many requests";

/** The app-wide banners raised by failing calls (see lib/api-alerts). */
export function ApiBanners() {
  const alerts = useSyncExternalStore(apiAlerts.subscribe, apiAlerts.getSnapshot);
  if (!alerts.network && !alerts.rateLimit) return null;
  return (
    <div className={styles.stack}>
      {alerts.network ? (
        <div className={`${styles.banner} ${styles.error}`} role="alert">
          <p>{NETWORK_ERROR_TEXT}</p>
          <button type="button" className={styles.action} onClick={() => browser.reload()}>
            Refresh
          </button>
        </div>
      ) : null}
      {alerts.rateLimit ? (
        <div className={`${styles.banner} ${styles.warning}`} role="alert">
          <p>{RATE_LIMIT_TEXT}</p>
          <button
            type="button"
            className={styles.dismiss}
            onClick={() => apiAlerts.dismiss('rateLimit')}
            aria-label="Dismiss"
          >
            <CloseIcon size={16} />
          </button>
        </div>
      ) : null}
    </div>
  );
}
