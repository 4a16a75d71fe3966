import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FormBanner } from '../../../components/form-banner';
import { browser } from '../../../lib/browser';
import { processFailure, processPayment } from '../../../lib/payment';
import { tradeKeys } from '../api/keys';
import { TEXTS } from '../messages';
import styles from './trades-tab.module.css';

/** What the provider appends to the return address, and what the page drops once it has read them. */
const RETURN_PARAMS = ['trade', 'token', 'PayerID', 'payment'];

/**
 * Back from the provider on /me/offers?tab=trades&trade={id}&token={providerOrderId} (or &payment=cancelled): the
 * payment is captured with the item page's call (POST /payment/item/process), the lists are fetched again, and the
 * address loses the return parameters so a refresh never captures twice. The payer already approved on the
 * provider's page and a trade has nothing left to choose, so there is no second confirmation here.
 */
export function TradePaymentReturn() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const token = params.get('token');
  const cancelled = params.get('payment') === 'cancelled';
  const handled = useRef<string | null>(null);
  const [wasCancelled, setWasCancelled] = useState(false);

  const process = useMutation({
    mutationFn: processPayment,
    onError: (error) => {
      const failure = processFailure(error);
      // The payer's funding failed while the trade still waits for it: the provider asks for another way to pay.
      if (failure.kind === 'redirect') browser.assign(failure.url);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: tradeKeys.all }),
  });

  useEffect(() => {
    const key = token ?? (cancelled ? 'cancelled' : null);
    if (!key || handled.current === key) return;
    handled.current = key;
    if (token) process.mutate(token);
    else setWasCancelled(true);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of RETURN_PARAMS) next.delete(name);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [token, cancelled, process, setParams]);

  if (process.isPending) {
    return (
      <p className={styles.processing} role="status">
        <span className={styles.spinner} aria-hidden="true" />
        Processing payment. Please do not refresh or leave this page.
      </p>
    );
  }
  if (process.isSuccess) return <FormBanner tone="success">{TEXTS.paymentComplete}</FormBanner>;
  if (process.isError) {
    const failure = processFailure(process.error);
    return failure.kind === 'error' ? <FormBanner tone="error">{failure.message}</FormBanner> : null;
  }
  if (wasCancelled) return <FormBanner tone="warning" onDismiss={() => setWasCancelled(false)}>{TEXTS.paymentCancelled}</FormBanner>;
  return null;
}
