import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { OFFER_ERRORS } from '@keeb/shared';
import { AlertModal } from '../../../components/alert-modal';
import { Button } from '../../../components/button';
import { FormBanner } from '../../../components/form-banner';
import { browser } from '../../../lib/browser';
import { createPayment, isConfirmEmailError, paymentCreateAlert, type PaymentAlert, type PaymentItem } from '../../../lib/payment';
import { offerKeys } from '../api/keys';
import { codeOf, refusalText, TEXTS } from '../messages';
import { CounterModal } from './counter-modal';
import styles from './offer-modals.module.css';

/** A button pressed: every action is confirmed first (or, for a counter, typed into its modal). */
export type OfferRequest =
  | {
      kind: 'confirm';
      title: string;
      message: ReactNode;
      confirmLabel: string;
      danger?: boolean;
      run: () => Promise<unknown>;
      /** Give More Time: offer_accepted opens the spec's modal instead of a generic error. */
      isExtend?: boolean;
    }
  | { kind: 'counter'; context: string; currentPrice: number; run: (counterPrice: string) => Promise<unknown> }
  | { kind: 'pay'; message: ReactNode; item: PaymentItem };

type Notice = { kind: 'alreadyAccepted' } | { kind: 'payment'; alert: PaymentAlert } | { kind: 'confirmEmail' };

/**
 * The Offers screen's dialogs: the confirmation, the counter form, and what a refusal opens. A successful action
 * refreshes both lists (statuses, counts, a group that disappears); a failed one refreshes them too, since the
 * usual cause is an offer that changed meanwhile.
 */
export function useOfferDialogs(): { open: (request: OfferRequest) => void; dialogs: ReactNode } {
  const queryClient = useQueryClient();
  const [request, setRequest] = useState<OfferRequest | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: offerKeys.all });

  const action = useMutation({
    mutationFn: (run: () => Promise<unknown>) => run(),
    onSuccess: async () => {
      await refresh();
      setRequest(null);
    },
    onError: (error) => {
      void refresh();
      if (request?.kind === 'confirm' && request.isExtend && codeOf(error) === OFFER_ERRORS.offerAccepted) {
        setRequest(null);
        setNotice({ kind: 'alreadyAccepted' });
      }
    },
  });

  // Spec part 2, section 4 "Payment": to the provider; on failure an alert modal, and Pay Now can be pressed again.
  const pay = useMutation({
    mutationFn: createPayment,
    onSuccess: (redirectUrl) => browser.assign(redirectUrl),
    onError: (error) => {
      setRequest(null);
      setNotice(isConfirmEmailError(error) ? { kind: 'confirmEmail' } : { kind: 'payment', alert: paymentCreateAlert(error) });
      void refresh();
    },
  });

  const open = (next: OfferRequest) => {
    action.reset();
    pay.reset();
    setRequest(next);
  };
  const close = () => {
    if (!pay.isPending && !pay.isSuccess) setRequest(null);
  };

  const dialogs = (
    <>
      {request?.kind === 'confirm' ? (
        <AlertModal
          open
          onClose={close}
          title={request.title}
          actions={
            <>
              <Button variant="secondary" onClick={close}>
                Cancel
              </Button>
              <Button variant={request.danger ? 'danger' : 'primary'} pending={action.isPending} onClick={() => action.mutate(request.run)}>
                {request.confirmLabel}
              </Button>
            </>
          }
        >
          <p>{request.message}</p>
          {action.isError ? <FormBanner tone="error">{refusalText(action.error)}</FormBanner> : null}
        </AlertModal>
      ) : null}
      {request?.kind === 'counter' ? (
        <CounterModal
          context={request.context}
          currentPrice={request.currentPrice}
          pending={action.isPending}
          failed={action.isError}
          onSubmit={(counterPrice) => action.mutate(() => request.run(counterPrice))}
          onClose={close}
        />
      ) : null}
      {request?.kind === 'pay' ? (
        <AlertModal
          open
          onClose={close}
          title="Pay Now"
          actions={
            <>
              <Button variant="secondary" onClick={close} disabled={pay.isPending || pay.isSuccess}>
                Cancel
              </Button>
              <Button pending={pay.isPending || pay.isSuccess} onClick={() => pay.mutate(request.item)}>
                Continue to PayPal
              </Button>
            </>
          }
        >
          <p>{request.message}</p>
        </AlertModal>
      ) : null}
      <AlertModal open={notice?.kind === 'alreadyAccepted'} onClose={() => setNotice(null)} title="Cannot Give More Time">
        <p>{TEXTS.alreadyAccepted}</p>
      </AlertModal>
      <AlertModal open={notice?.kind === 'payment'} onClose={() => setNotice(null)} title={notice?.kind === 'payment' ? notice.alert.title : ''}>
        <p>{notice?.kind === 'payment' ? notice.alert.message : null}</p>
      </AlertModal>
      <AlertModal
        open={notice?.kind === 'confirmEmail'}
        onClose={() => setNotice(null)}
        title="Confirm Your Email"
        actions={
          <Link to="/settings" className={styles.settingsLink} onClick={() => setNotice(null)}>
            Go to Settings
          </Link>
        }
      >
        <p>{TEXTS.confirmEmailToBuy}</p>
      </AlertModal>
    </>
  );
  return { open, dialogs };
}
