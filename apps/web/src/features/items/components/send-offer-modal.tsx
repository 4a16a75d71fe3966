import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { OFFER_ERRORS, formatPrice, type ItemDetail } from '@keeb/shared';
import { AlertModal } from '../../../components/alert-modal';
import { Button } from '../../../components/button';
import { FormBanner } from '../../../components/form-banner';
import { PriceField, usePriceField } from '../../../components/price-field';
import type { ViewerRegion } from '../../../lib/session';
import { makeOffer } from '../api/make-offer';
import { codeOf, TEXTS } from '../messages';
import styles from './send-offer-modal.module.css';

interface SendOfferModalProps {
  open: boolean;
  item: ItemDetail;
  region: ViewerRegion | undefined;
  onClose: () => void;
  onSent: () => void;
  /** The server says the buyer's email is not confirmed: the page's Confirm Your Email modal takes over. */
  onConfirmEmail: () => void;
}

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

/** Spec part 1 sections 2.9 and 5, "Send offer": the price without shipping, and the shipping to the viewer's region. */
export function SendOfferModal({ open, item, region, onClose, onSent, onConfirmEmail }: SendOfferModalProps) {
  const price = usePriceField('Offer price');
  const shipping = region ? item.shippingPrices.find((candidate) => candidate.code === region.code) : undefined;

  const send = useMutation({
    mutationFn: (offerPrice: string) => makeOffer({ itemId: item._id, offerPrice, offerShippingPrice: shipping?.price ?? 0 }),
    onSuccess: () => {
      price.clear();
      onSent();
    },
    onError: (error) => {
      const code = codeOf(error);
      if (code === OFFER_ERRORS.confirmEmail) onConfirmEmail();
      else if (code === OFFER_ERRORS.offerPrice || code === OFFER_ERRORS.priceTooHigh) price.setError(offerErrorText(code));
    },
  });

  const close = () => {
    price.setError(null);
    send.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = price.check();
    if (checked === null || !shipping) return;
    send.mutate(checked);
  };

  const code = codeOf(send.error);
  const formError =
    send.isError && code !== OFFER_ERRORS.confirmEmail && code !== OFFER_ERRORS.offerPrice && code !== OFFER_ERRORS.priceTooHigh
      ? offerErrorText(code)
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
        <PriceField field={price} label="Your offer (USD)" hint="Offers do not include shipping." />
        {shipping && region ? (
          <p className={styles.shipping}>
            <span>Shipping to {region.name}</span>
            <span className={styles.shippingPrice}>{formatPrice(shipping.price)}</span>
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
