import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
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
 * `capturing` holds the lists back until the capture settled, so they are read after it, never before.
 */
export function useTradePaymentReturn(): { notice: ReactNode; capturing: boolean } {
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

  const capturing = token !== null || process.isPending;
  let notice: ReactNode = null;
  if (capturing) {
    notice = (
      <p className={styles.processing} role="status">
        <span className={styles.spinner} aria-hidden="true" />
        Processing payment. Please do not refresh or leave this page.
      </p>
    );
  } else if (process.isSuccess) notice = <FormBanner tone="success">{TEXTS.paymentComplete}</FormBanner>;
  else if (process.isError) {
    const failure = processFailure(process.error);
    notice = failure.kind === 'error' ? <FormBanner tone="error">{failure.message}</FormBanner> : null;
  } else if (wasCancelled) {
    notice = (
      <FormBanner tone="warning" onDismiss={() => setWasCancelled(false)}>
        {TEXTS.paymentCancelled}
      </FormBanner>
    );
  }
  return { notice, capturing };
}
