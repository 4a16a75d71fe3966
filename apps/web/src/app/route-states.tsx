import { browser } from '../lib/browser';
import { LogoMark } from '../components/icons';
import styles from './route-states.module.css';

/** Shown while the first route's code and guard data load. */
export function AppLoading() {
  return (
    <div className={styles.loading} role="status" aria-label="Loading">
      <LogoMark size={44} />
    </div>
  );
}

function ErrorNotice() {
  return (
    <div className={styles.error} role="alert">
      <h1 className={styles.title}>Something went wrong</h1>
      <p className={styles.text}>We couldn't load this page. Check your connection and try again.</p>
      <button type="button" className={styles.button} onClick={() => browser.reload()}>
        Reload page
      </button>
    </div>
  );
}

/** A page (or its code, or its guard's data) failed to load: the shell stays, the page area explains. */
export function RouteError() {
  return <ErrorNotice />;
}

/** The shell itself failed: nothing else can be shown. */
export function AppCrash() {
  return (
    <main className={styles.crash}>
      <ErrorNotice />
    </main>
  );
}
