import type { OrderDetail, OrderProblem } from '@keeb/shared';
import { LinkifiedText } from '../../../components/linkified-text';
import { orderDate, PAYPAL_DISPUTES_URL, REASON_TEXTS, TEXTS } from '../messages';
import styles from './order-page-parts.module.css';

function PayPalCase({ lead }: { lead: string }) {
  return (
    <p>
      {lead}{' '}
      <a href={PAYPAL_DISPUTES_URL} target="_blank" rel="noopener noreferrer">
        {TEXTS.paypalCaseLink}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    </p>
  );
}

/**
 * The order's problem as both parties and admins see it. While it is open, what each can do: the buyer, take it
 * to PayPal (the marketplace holds no money, so it cannot refund); the seller, their own words (sort it out, keep
 * the evidence); an admin, what closing does. Issue 36: once an admin closed it, each side reads what happened,
 * where the order stands now, and the buyer still reads their recourse at PayPal.
 */
export function ProblemPanel({ problem, order }: { problem: OrderProblem; order: Pick<OrderDetail, 'role' | 'shippedAt'> }) {
  const open = problem.resolvedAt === null;
  const shipped = order.shippedAt !== null;
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
        <>
          <p className={styles.muted} data-testid="order-problem-outcome">
            {problem.resolution === 'closed' ? 'Closed by an admin' : 'Marked resolved by the buyer'} {orderDate(problem.resolvedAt)}
          </p>
          {problem.resolution === 'closed' && order.role !== 'admin' ? (
            <div className={styles.note} data-testid="order-problem-note">
              <p>
                {order.role === 'buyer'
                  ? shipped
                    ? TEXTS.closedForBuyerShipped
                    : TEXTS.closedForBuyerUnshipped
                  : shipped
                    ? TEXTS.closedForSellerShipped
                    : TEXTS.closedForSellerUnshipped}
              </p>
              {order.role === 'buyer' ? <PayPalCase lead={TEXTS.stillUnsorted} /> : null}
            </div>
          ) : null}
        </>
      ) : (
        <div className={styles.note} data-testid="order-problem-note">
          {order.role === 'buyer' ? (
            <>
              <PayPalCase lead={TEXTS.paypalCase} />
              <p>{TEXTS.noMoney}</p>
            </>
          ) : (
            <p>{order.role === 'seller' ? TEXTS.sellerProblemNote : TEXTS.adminProblemNote}</p>
          )}
        </div>
      )}
    </section>
  );
}
