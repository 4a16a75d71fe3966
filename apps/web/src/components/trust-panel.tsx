import { TRUST_ON_TIME_MIN_ORDERS, type Trust } from '@keeb/shared';
import styles from './trust-panel.module.css';

/** 'November 2024', in UTC so a member who joined on the 1st at 00:30 UTC is not shown the month before. */
export function memberSinceLabel(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/**
 * 'Usually replies within {duration}': minutes under an hour, hours under two days, then days; each rounded up,
 * so 'within' stays true of the median it stands for.
 */
export function replyWithinLabel(minutes: number): string {
  if (minutes < 60) return plural(Math.max(1, minutes), 'minute');
  if (minutes < 48 * 60) return plural(Math.ceil(minutes / 60), 'hour');
  return plural(Math.ceil(minutes / (24 * 60)), 'day');
}

interface TrustPanelProps {
  trust: Trust;
  className?: string;
}

/**
 * The trust panel (issue 26) on profiles and in the item page's seller block: a list named 'Trust' whose entries
 * are sentences, verified ones with a check mark beside the words (never colour alone). Figures with too little
 * behind them are left out: 'Ships on time' below 3 orders due, 'Usually replies within' without any reply.
 */
export function TrustPanel({ trust, className }: TrustPanelProps) {
  const { share, orders } = trust.shippedOnTime;
  return (
    <ul className={className ? `${styles.panel} ${className}` : styles.panel} aria-label="Trust">
      <li>Member since {memberSinceLabel(trust.memberSince)}</li>
      <li>
        <strong>{trust.confirmedTrades.toLocaleString()}</strong> {trust.confirmedTrades === 1 ? 'confirmed trade' : 'confirmed trades'}
      </li>
      {share !== null && orders >= TRUST_ON_TIME_MIN_ORDERS ? (
        <li>
          Ships on time <strong>{Math.round(share * 100)}%</strong> ({plural(orders, 'order')})
        </li>
      ) : null}
      {trust.replyMinutes !== null ? <li>Usually replies within {replyWithinLabel(trust.replyMinutes)}</li> : null}
      {trust.emailVerified ? (
        <li className={styles.verified}>
          <span className={styles.check} aria-hidden="true">
            ✓
          </span>
          Email verified
        </li>
      ) : null}
      {trust.phoneVerified ? (
        <li className={styles.verified}>
          <span className={styles.check} aria-hidden="true">
            ✓
          </span>
          Phone verified
        </li>
      ) : null}
      {trust.openProblems > 0 ? (
        <li className={styles.problems}>
          <span className={styles.warn} aria-hidden="true">
            !
          </span>
          {plural(trust.openProblems, 'open problem')} as a seller
        </li>
      ) : null}
    </ul>
  );
}
