import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { formatPrice, PAYMENT_ERRORS, type ItemDetail, type ItemDetailResponse } from '@keeb/shared';
import { AlertModal } from '../../../components/alert-modal';
import { Button } from '../../../components/button';
import { FormBanner } from '../../../components/form-banner';
import { PaymentCountdown } from '../../../components/payment-countdown';
import { isApiError } from '../../../lib/api-error';
import { browser } from '../../../lib/browser';
import {
  cancelPayment,
  createPayment,
  isConfirmEmailError,
  paymentConfirmText,
  paymentCreateAlert,
  processFailure,
  type PaymentAlert,
} from '../../../lib/payment';
import { itemKeys } from '../api/keys';
import type { ItemButton } from '../item-buttons';
import styles from './checkout-actions.module.css';

/** The item page's buttons that pay (or say why one cannot): the rest are item-actions.tsx's. */
export const CHECKOUT_BUTTONS: readonly ItemButton[] = ['purchase', 'payOffer', 'resumePayment', 'cancelCheckout', 'reserved'];

interface CheckoutActionsProps {
  item: ItemDetail;
  buttons: readonly ItemButton[];
  /** Shipping to the viewer's region (0 when unknown: the server computes the charge in any case). */
  shippingPrice: number;
  /** Signed in with a confirmed email; otherwise sends the viewer to log in or confirm, and answers false. */
  readyToBuy: () => Promise<boolean>;
  onConfirmEmail: () => void;
  /**
   * The seller is away (issue 29): Purchase is disabled, as the server would refuse it. Pay Now on an offer they
   * accepted before leaving stays: the server decides, and its refusal names the return date.
   */
  sellerAway?: boolean;
}

/**
 * Purchase, Pay Now on the viewer's accepted or countered offer, the viewer's own waiting checkout (Resume payment,
 * Cancel) and 'Reserved' for everyone else while an accepted offer holds the item (issue 25). Every payment is
 * confirmed with its total, shipping included, before the browser leaves for the provider.
 */
export function CheckoutActions({ item, buttons, shippingPrice, readyToBuy, onConfirmEmail, sellerAway = false }: CheckoutActionsProps) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [alert, setAlert] = useState<PaymentAlert | null>(null);
  const [cancelled, setCancelled] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: itemKeys.detail(item._id) });

  const offer = item.viewerOffer;
  const price = offer?.price ?? item.price;
  const shipping = offer?.shippingPrice ?? shippingPrice;

  // Spec part 2, section 4 "Payment": the browser goes to the provider; on failure an alert, the button enabled again.
  const pay = useMutation({
    mutationFn: () => createPayment({ _id: item._id, name: item.name, description: item.description, price, shippingPrice: shipping }),
    onSuccess: (redirectUrl) => browser.assign(redirectUrl),
    onError: (error) => {
      setConfirming(false);
      if (isConfirmEmailError(error)) onConfirmEmail();
      else setAlert(paymentCreateAlert(error));
      // The lock or the listing may have changed ('Payment Pending', sold): show the item as it is now.
      refresh();
    },
  });

  const cancel = useMutation({
    mutationFn: () => cancelPayment(item._id),
    onSuccess: () => {
      // The item is on sale again now: shown at once, not after the refetch (which may bring more changes).
      queryClient.setQueryData<ItemDetailResponse>(itemKeys.detail(item._id), (page) =>
        page && { ...page, item: { ...page.item, checkout: null, paymentStatus: 'none' } },
      );
      setCancelled(true);
    },
    onError: (error) => {
      // not_found: there was nothing of this buyer's left to cancel (it ran out); the page shows what there is.
      if (isApiError(error) && error.code === PAYMENT_ERRORS.notFound) return;
      const failure = processFailure(error);
      setAlert({ title: 'Cannot Cancel', message: failure.kind === 'error' ? failure.message : '' });
    },
    onSettled: refresh,
  });

  // Back from Cancel at the provider (`?payment=cancelled`): the item is released at once, not when the lock runs out.
  const [params, setParams] = useSearchParams();
  const returnHandled = useRef(false);
  useEffect(() => {
    if (returnHandled.current || params.get('payment') !== 'cancelled') return;
    returnHandled.current = true;
    setParams({}, { replace: true });
    if (item.checkout) cancel.mutate();
  }, [params, setParams, item.checkout, cancel]);

  const startPayment = async () => {
    if (!(await readyToBuy())) return;
    pay.reset();
    setConfirming(true);
  };
  const leaving = pay.isPending || pay.isSuccess;

  const notice = (() => {
    if (item.checkout && buttons.includes('resumePayment')) {
      const { price: itemPrice, shippingPrice: checkoutShipping } = item.checkout;
      return (
        <p className={styles.notice}>
          Your checkout is waiting: {formatPrice(itemPrice)} plus {formatPrice(checkoutShipping)} shipping ({formatPrice(itemPrice + checkoutShipping)} in
          total). Nothing has been charged.
        </p>
      );
    }
    if (offer && buttons.includes('payOffer')) {
      return offer.status === 'accepted' ? (
        <p className={styles.notice}>
          <strong>Your offer of {formatPrice(offer.price)} was accepted.</strong>{' '}
          {offer.timeAccepted ? <PaymentCountdown timeAccepted={offer.timeAccepted} className={styles.countdown} /> : null}
        </p>
      ) : (
        <p className={styles.notice}>
          <strong>The seller countered your offer: {formatPrice(offer.price)}.</strong> <Link to="/me/offers?tab=sent">Counter from your offers</Link>
        </p>
      );
    }
    if (buttons.includes('reserved')) {
      return (
        <p className={`${styles.notice} ${styles.reserved}`}>
          Reserved: another buyer&apos;s offer was accepted, and they have up to 24 hours to pay.
          {item.offersAccepted ? ' You can still make an offer in case they do not.' : ''}
        </p>
      );
    }
    return null;
  })();

  return (
    <>
      {cancelled ? (
        <FormBanner tone="success" onDismiss={() => setCancelled(false)}>
          Checkout cancelled. Nothing was charged.
        </FormBanner>
      ) : null}
      {notice}
      {buttons.map((button) => {
        switch (button) {
          case 'purchase':
            return (
              <Button key={button} block pending={leaving} disabled={sellerAway} onClick={() => void startPayment()}>
                Purchase
              </Button>
            );
          case 'payOffer':
            return (
              <Button key={button} block pending={leaving} onClick={() => void startPayment()}>
                Pay Now
              </Button>
            );
          case 'resumePayment':
            return (
              <Button key={button} block pending={leaving} disabled={cancel.isPending} onClick={() => pay.mutate()}>
                Resume payment
              </Button>
            );
          case 'cancelCheckout':
            return (
              <Button key={button} block variant="secondary" pending={cancel.isPending} disabled={leaving} onClick={() => cancel.mutate()}>
                Cancel
              </Button>
            );
          case 'reserved':
            return (
              <Button key={button} block disabled>
                Reserved
              </Button>
            );
          default:
            return null;
        }
      })}

      <AlertModal
        open={confirming}
        onClose={() => {
          if (!leaving) setConfirming(false);
        }}
        title={buttons.includes('payOffer') ? 'Pay Now' : 'Purchase'}
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={leaving}>
              Cancel
            </Button>
            <Button pending={leaving} onClick={() => pay.mutate()}>
              Continue to PayPal
            </Button>
          </>
        }
      >
        <p>{paymentConfirmText(item.name, price, shipping)}</p>
      </AlertModal>

      <AlertModal open={alert !== null} onClose={() => setAlert(null)} title={alert?.title ?? ''}>
        <p>{alert?.message}</p>
      </AlertModal>
    </>
  );
}
