import { useState, type ReactNode } from 'react';
import { AUTO_RECEIVE_DAYS, type OrderDetail } from '@keeb/shared';
import { Button } from '../../../components/button';
import { FormBanner } from '../../../components/form-banner';
import { orderActions, useOrderAction } from '../api/order-actions';
import { orderDate, TEXTS } from '../messages';
import { ConfirmAction } from './confirm-action';
import { ProblemModal } from './problem-modal';
import styles from './order-page-parts.module.css';

/** Issue 36: a parcel without tracking counts as a confirmed trade once the 14 days after shipping have passed. */
const shippedLongAgo = (order: OrderDetail) => order.shippedAt !== null && Date.parse(order.shippedAt) <= Date.now() - AUTO_RECEIVE_DAYS * 86_400_000;

/** The ratings feature's 'Send Feedback' modal, composed in app/. */
export type RateSellerModal = (props: { order: OrderDetail; open: boolean; onClose: () => void; onSent: () => void }) => ReactNode;

type Dialog = 'received' | 'problem' | 'resolve' | 'rate' | null;

/**
 * What the buyer may do now, as the order's `actions` allow: confirm received (then rate the seller), report a
 * problem, mark it resolved. After confirming, the page invites the rating the spec keeps open from purchase on.
 */
export function BuyerActions({ order, rateSellerModal }: { order: OrderDetail; rateSellerModal: RateSellerModal }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const [justReceived, setJustReceived] = useState(false);
  const [rated, setRated] = useState(false);
  const received = useOrderAction(order._id, () => orderActions.received(order._id));
  const resolve = useOrderAction(order._id, () => orderActions.resolve(order._id));
  const can = (action: OrderDetail['actions'][number]) => order.actions.includes(action);
  const canRate = can('rate') && !rated;

  const open = (next: Dialog) => {
    received.reset();
    resolve.reset();
    setDialog(next);
  };

  // Issue 36: before shipping there is nothing to confirm; the page says when a problem may be reported instead.
  const unshipped = order.shippedAt === null && (order.status === 'paid' || order.status === 'problem');
  // After a 'not received' report, confirming is no longer the main thing to do.
  const notReceivedOpen = order.problem?.reason === 'not_received' && order.problem.resolvedAt === null;
  const receivedMain = can('received') && !notReceivedOpen;

  if (!can('received') && !can('problem') && !can('resolve') && !canRate && !rated && !unshipped) return null;

  return (
    <section className={styles.card} aria-label="Your actions">
      {justReceived && canRate ? (
        <FormBanner tone="success">{TEXTS.receivedThanks}</FormBanner>
      ) : null}
      {rated ? <FormBanner tone="success">Thanks for your feedback!</FormBanner> : null}
      {unshipped ? (
        <p className={styles.muted} data-testid="order-before-shipping">
          {TEXTS.receivedAfterShipping}
          {!can('problem') && order.status === 'paid' ? (
            <>
              {' '}
              {TEXTS.problemFrom} <time dateTime={order.shipBy}>{orderDate(order.shipBy)}</time>.
            </>
          ) : null}
        </p>
      ) : null}
      <div className={styles.actions}>
        {receivedMain ? <Button onClick={() => open('received')}>{TEXTS.confirmReceived}</Button> : null}
        {canRate ? (
          <Button variant={receivedMain ? 'secondary' : 'primary'} onClick={() => setDialog('rate')}>
            {TEXTS.rateSeller}
          </Button>
        ) : null}
        {can('resolve') ? (
          <Button variant="secondary" onClick={() => open('resolve')}>
            {TEXTS.markResolved}
          </Button>
        ) : null}
        {can('received') && !receivedMain ? (
          <Button variant="secondary" onClick={() => open('received')}>
            {TEXTS.confirmReceived}
          </Button>
        ) : null}
        {can('problem') ? (
          <Button variant="ghost" onClick={() => open('problem')}>
            {TEXTS.reportProblem}
          </Button>
        ) : null}
      </div>
      <ConfirmAction
        open={dialog === 'received'}
        title={TEXTS.confirmReceived}
        question={order.tracking?.number === null && !shippedLongAgo(order) ? TEXTS.confirmReceivedUntrackedQuestion : TEXTS.confirmReceivedQuestion}
        confirmLabel={TEXTS.confirmReceived}
        pending={received.isPending}
        error={received.error}
        onConfirm={() =>
          received.mutate(undefined, {
            onSuccess: () => {
              setDialog(null);
              setJustReceived(true);
            },
          })
        }
        onClose={() => setDialog(null)}
      />
      <ConfirmAction
        open={dialog === 'resolve'}
        title={TEXTS.markResolved}
        question={TEXTS.markResolvedQuestion}
        confirmLabel={TEXTS.markResolved}
        pending={resolve.isPending}
        error={resolve.error}
        onConfirm={() => resolve.mutate(undefined, { onSuccess: () => setDialog(null) })}
        onClose={() => setDialog(null)}
      />
      <ProblemModal order={order} open={dialog === 'problem'} onClose={() => setDialog(null)} />
      {rateSellerModal({
        order,
        open: dialog === 'rate',
        onClose: () => setDialog(null),
        onSent: () => {
          setDialog(null);
          setRated(true);
        },
      })}
    </section>
  );
}
