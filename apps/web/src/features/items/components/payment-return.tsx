import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link, useNavigate } from 'react-router-dom';
import { formatPrice, type ItemDetail } from '@keeb/shared';
import { Button } from '../../../components/button';
import { browser } from '../../../lib/browser';
import { cancelPayment, paymentTotal, processFailure, processPayment } from '../../../lib/payment';
import { sessionKeys } from '../../../lib/session';
import { itemKeys } from '../api/keys';
import styles from './payment-return.module.css';

/** Spec part 1 section 9: each end of the return flow sends the buyer home after 6 seconds. */
export const PAYMENT_REDIRECT_SECONDS = 6;

interface PaymentReturnProps {
  item: ItemDetail;
  /** The provider's order id, which it appends to the return URL as `token`. */
  orderId: string;
  /** The buyer cancelled at the confirm step (the checkout is released): the page drops the return parameters. */
  onCancel: () => void;
}

/** Counts down from 6 once started and then goes home. */
function useRedirectHome(running: boolean): number {
  const navigate = useNavigate();
  const [left, setLeft] = useState(PAYMENT_REDIRECT_SECONDS);
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setLeft((seconds) => Math.max(0, seconds - 1)), 1000);
    return () => window.clearInterval(timer);
  }, [running]);
  useEffect(() => {
    if (running && left === 0) void navigate('/', { replace: true });
  }, [running, left, navigate]);
  return left;
}

/**
 * Spec part 1 section 4, "Payment status": back from the provider with `PayerID` and `token`, the buyer confirms,
 * waits while the payment is captured ('do not refresh'), then reads 'Payment Complete' or 'Error With Payment';
 * either way the page goes home after a 6-second countdown.
 */
export function PaymentReturn({ item, orderId, onCancel }: PaymentReturnProps) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const panelRef = useRef<HTMLDivElement>(null);
  // Issue 36: what was charged, shipping included ('for $200' after a $215 charge). The checkout held by this buyer,
  // as it stood when they came back: the item is refetched once sold, without it.
  const [checkout] = useState(item.checkout);
  const charged = (priceSold: number) =>
    checkout && checkout.price === priceSold ? paymentTotal(checkout.price, checkout.shippingPrice) : formatPrice(priceSold);
  const process = useMutation({
    mutationFn: () => processPayment(orderId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: itemKeys.detail(item._id) });
      void queryClient.invalidateQueries({ queryKey: itemKeys.lists });
      void queryClient.invalidateQueries({ queryKey: sessionKeys.profileStats });
    },
    onError: (error) => {
      const failure = processFailure(error);
      // The payer's funding failed while the item is still held for them: PayPal asks for another way to pay.
      if (failure.kind === 'redirect') browser.assign(failure.url);
    },
  });
  // Cancel gives the checkout up at once: the order is approved, so a lock left to run out would be captured.
  const cancel = useMutation({
    mutationFn: () => cancelPayment(item._id),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: itemKeys.detail(item._id) });
      onCancel();
    },
  });
  const failure = process.isError ? processFailure(process.error) : null;
  const done = process.isSuccess || failure?.kind === 'error';
  const secondsLeft = useRedirectHome(done);

  const stage = process.isSuccess ? 'complete' : failure?.kind === 'error' ? 'error' : process.isIdle ? 'confirm' : 'processing';

  useEffect(() => {
    panelRef.current?.focus();
  }, [stage]);

  const countdown = (
    <p className={styles.countdown} aria-live="polite">
      Returning home in {secondsLeft} {secondsLeft === 1 ? 'second' : 'seconds'}.{' '}
      <Link to="/" replace>
        Go home now
      </Link>
    </p>
  );

  return createPortal(
    <div className={styles.root}>
      <div ref={panelRef} className={styles.panel} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        {stage === 'confirm' ? (
          <>
            <h2 id={titleId} className={styles.title}>
              Confirm Payment
            </h2>
            <p className={styles.text}>
              You approved the payment on PayPal. Complete your purchase of <strong>{item.name}</strong>?
            </p>
            <div className={styles.actions}>
              <Button variant="secondary" pending={cancel.isPending} onClick={() => cancel.mutate()}>
                Cancel
              </Button>
              <Button disabled={cancel.isPending} onClick={() => process.mutate()}>
                Complete Purchase
              </Button>
            </div>
          </>
        ) : null}
        {stage === 'processing' ? (
          <>
            <h2 id={titleId} className={styles.title}>
              Processing Payment
            </h2>
            <span className={styles.spinner} aria-hidden="true" />
            <p className={styles.text} role="status">
              Please do not refresh or leave this page.
            </p>
          </>
        ) : null}
        {stage === 'complete' && process.data ? (
          <>
            <h2 id={titleId} className={`${styles.title} ${styles.success}`}>
              Payment Complete
            </h2>
            <p className={styles.text}>
              You bought <strong>{item.name}</strong> for {charged(process.data.priceSold)}. The seller has been notified.
            </p>
            {countdown}
          </>
        ) : null}
        {stage === 'error' && failure?.kind === 'error' ? (
          <>
            <h2 id={titleId} className={`${styles.title} ${styles.failed}`}>
              Error With Payment
            </h2>
            <p className={styles.text}>{failure.message}</p>
            {countdown}
          </>
        ) : null}
      </div>
    </div>,
    document.body,
  );
}
