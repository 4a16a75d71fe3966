import { TEXTS } from '../messages';
import styles from './timestamp-code.module.css';

/**
 * The sell form's timestamp code (issue 26), the forum's proof of possession: the seller writes it on paper,
 * photographs it with the item, then marks that photo in the list below. Optional.
 */
export function TimestampCode({ code, failed }: { code: string | undefined; failed: boolean }) {
  return (
    <div className={styles.box} aria-labelledby="timestamp-title">
      <h3 id="timestamp-title" className={styles.title}>
        {TEXTS.timestampTitle}
      </h3>
      <p>{TEXTS.timestampHowTo}:</p>
      {code ? (
        <code className={styles.code} data-testid="timestamp-code">
          {code}
        </code>
      ) : failed ? (
        <p className={styles.muted}>{TEXTS.timestampCodeFailed}</p>
      ) : (
        <p className={styles.muted} role="status">
          Loading...
        </p>
      )}
      <p className={styles.muted}>{TEXTS.timestampWhy}</p>
    </div>
  );
}
