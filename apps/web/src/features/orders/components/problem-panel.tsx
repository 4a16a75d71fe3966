import type { OrderProblem } from '@keeb/shared';
import { LinkifiedText } from '../../../components/linkified-text';
import { orderDate, PAYPAL_DISPUTES_URL, REASON_TEXTS, TEXTS } from '../messages';
import styles from './order-page-parts.module.css';

/**
 * The order's problem as both parties and admins see it. While it is open, how to take it further: the provider's
 * case (the marketplace holds no money, so it cannot refund).
 */
export function ProblemPanel({ problem }: { problem: OrderProblem }) {
  const open = problem.resolvedAt === null;
  return (
    <section className={`${styles.card} ${open ? styles.problemOpen : ''}`} aria-labelledby="order-problem" data-testid="order-problem">
      <h2 id="order-problem" className={styles.cardHeading}>
        {TEXTS.problemReported}: {REASON_TEXTS[problem.reason]}
      </h2>
      <p className={styles.muted}>Reported {orderDate(problem.openedAt)}</p>
      {problem.details ? (
        <p className={styles.problemDetails}>
          <LinkifiedText text={problem.details} />
        </p>
      ) : null}
      {problem.resolvedAt ? (
        <p className={styles.muted}>
          {problem.resolution === 'closed' ? 'Closed by an admin' : 'Marked resolved by the buyer'} {orderDate(problem.resolvedAt)}
        </p>
      ) : (
        <div className={styles.note} data-testid="order-problem-note">
          <p>
            {TEXTS.paypalCase}{' '}
            <a href={PAYPAL_DISPUTES_URL} target="_blank" rel="noopener noreferrer">
              {TEXTS.paypalCaseLink}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
          <p>{TEXTS.noMoney}</p>
        </div>
      )}
    </section>
  );
}
