import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { OFFER_ERRORS, formatPrice, formatShipping, type ItemDetail, type MadeOffer } from '@keeb/shared';
import { AlertModal } from '../../../components/alert-modal';
import { Button } from '../../../components/button';
import { FormBanner } from '../../../components/form-banner';
import { PriceField, usePriceField } from '../../../components/price-field';
import { browser } from '../../../lib/browser';
import { createPayment, isConfirmEmailError, paymentCreateAlert, paymentTotal } from '../../../lib/payment';
import { sellerAwayText } from '../../../lib/seller-away';
import type { ViewerRegion } from '../../../lib/session';
import { makeOffer } from '../api/make-offer';
import { codeOf, TEXTS } from '../messages';
import styles from './send-offer-modal.module.css';

/** How a sent offer ended for the page: waiting for the seller, or accepted at once by the seller's guardrail. */
export type OfferOutcome = 'sent' | 'accepted';

interface SendOfferModalProps {
  open: boolean;
  item: ItemDetail;
  region: ViewerRegion | undefined;
  onClose: () => void;
  onSent: (outcome: OfferOutcome) => void;
  /** The server says the buyer's email is not confirmed: the page's Confirm Your Email modal takes over. */
  onConfirmEmail: () => void;
}

const PRICE_INPUT_ID = 'send-offer-price';
const SENT_OFFERS_PATH = '/me/offers?tab=sent';

/** A refused offer's text; the price rules are the field's, everything else the form's. */
function offerErrorText(code: string): string {
  switch (code) {
    case OFFER_ERRORS.offerPrice:
      return TEXTS.offerPriceNumber;
    case OFFER_ERRORS.priceTooHigh:
      return TEXTS.offerTooHigh;
    case OFFER_ERRORS.offerExists:
      return TEXTS.offerExists;
    case OFFER_ERRORS.noShipping:
      return TEXTS.doesNotShip;
    case OFFER_ERRORS.ownItem:
      return TEXTS.ownItemOffer;
    case OFFER_ERRORS.itemSold:
    case OFFER_ERRORS.notAcceptingOffers:
    case OFFER_ERRORS.notFound:
      return TEXTS.notTakingOffers;
    default:
      return TEXTS.somethingWentWrong;
  }
}

/**
 * Spec part 1 sections 2.9 and 5, "Send offer": the price without shipping, and the shipping to the viewer's region.
 * The seller's guardrails (issue 16) may answer at once: a declined offer leaves the form open for another one
 * (never telling the floor), an accepted one turns the dialog into the way to pay.
 */
export function SendOfferModal({ open, item, region, onClose, onSent, onConfirmEmail }: SendOfferModalProps) {
  const price = usePriceField('Offer price');
  const shipping = region ? item.shippingPrices.find((candidate) => candidate.code === region.code) : undefined;
  const [autoDeclined, setAutoDeclined] = useState(false);
  const [accepted, setAccepted] = useState<MadeOffer | null>(null);

  const send = useMutation({
    mutationFn: (offerPrice: string) => makeOffer({ itemId: item._id, offerPrice, offerShippingPrice: shipping?.price ?? 0 }),
    onSuccess: (made) => {
      price.clear();
      if (made.autoDeclined) {
        setAutoDeclined(true);
        document.getElementById(PRICE_INPUT_ID)?.focus();
      } else if (made.autoAccepted) setAccepted(made);
      else onSent('sent');
    },
    onError: (error) => {
      const code = codeOf(error);
      if (code === OFFER_ERRORS.confirmEmail) onConfirmEmail();
      else if (code === OFFER_ERRORS.offerPrice || code === OFFER_ERRORS.priceTooHigh) price.setError(offerErrorText(code));
    },
  });

  const pay = useMutation({
    mutationFn: (offer: MadeOffer) =>
      createPayment({
        _id: item._id,
        name: item.name,
        description: item.description,
        price: offer.price,
        shippingPrice: offer.shippingPrice,
      }),
    onSuccess: (redirectUrl) => browser.assign(redirectUrl),
    onError: (error) => {
      if (isConfirmEmailError(error)) onConfirmEmail();
    },
  });

  const reset = () => {
    price.setError(null);
    send.reset();
    pay.reset();
    setAutoDeclined(false);
    setAccepted(null);
  };

  const close = () => {
    // The browser is on its way to the payment provider.
    if (pay.isPending || pay.isSuccess) return;
    const wasAccepted = accepted !== null;
    reset();
    if (wasAccepted) onSent('accepted');
    else onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = price.check();
    if (checked === null || !shipping) return;
    setAutoDeclined(false);
    send.mutate(checked);
  };

  if (accepted) {
    return (
      <AlertModal
        open={open}
        onClose={close}
        title="Offer Accepted"
        actions={
          <>
            <Button variant="secondary" onClick={close} disabled={pay.isPending || pay.isSuccess}>
              Later
            </Button>
            <Button pending={pay.isPending || pay.isSuccess} onClick={() => pay.mutate(accepted)}>
              Pay Now
            </Button>
          </>
        }
      >
        <div className={styles.form}>
          <FormBanner tone="success">{TEXTS.offerAutoAccepted}</FormBanner>
          <p>
            Pay within 24 hours: {paymentTotal(accepted.price, accepted.shippingPrice)} for{' '}
            {item.name}. You can also pay later from <Link to={SENT_OFFERS_PATH}>your sent offers</Link>.
          </p>
          {pay.isError && !isConfirmEmailError(pay.error) ? (
            <FormBanner tone="error">{paymentCreateAlert(pay.error).message}</FormBanner>
          ) : null}
        </div>
      </AlertModal>
    );
  }

  const code = codeOf(send.error);
  const formError =
    send.isError && code !== OFFER_ERRORS.confirmEmail && code !== OFFER_ERRORS.offerPrice && code !== OFFER_ERRORS.priceTooHigh
      ? (sellerAwayText(send.error) ?? offerErrorText(code))
      : null;

  return (
    <AlertModal
      open={open}
      onClose={close}
      title="Send Offer"
      actions={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form="send-offer-form" pending={send.isPending} disabled={!shipping}>
            Send Offer
          </Button>
        </>
      }
    >
      <form id="send-offer-form" className={styles.form} onSubmit={submit} noValidate>
        <p className={styles.item}>
          <span className={styles.itemName}>{item.name}</span>
          <span>Listed at {formatPrice(item.price)}</span>
        </p>
        {autoDeclined ? <FormBanner tone="warning">{TEXTS.offerAutoDeclined}</FormBanner> : null}
        <PriceField id={PRICE_INPUT_ID} field={price} label="Your offer (USD)" hint="Offers do not include shipping." />
        {shipping && region ? (
          <p className={styles.shipping}>
            <span>Shipping to {region.name}</span>
            <span className={styles.shippingPrice}>{formatShipping(shipping.price)}</span>
          </p>
        ) : (
          <FormBanner tone="warning">
            {region ? TEXTS.doesNotShip : TEXTS.regionNeeded} {region ? null : <Link to="/settings">Settings</Link>}
          </FormBanner>
        )}
        {formError ? <FormBanner tone="error">{formError}</FormBanner> : null}
      </form>
    </AlertModal>
  );
}
