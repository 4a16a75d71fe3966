import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { formatPrice, SELLER_TOOL_ERRORS, SELLER_TOOL_LIMITS, SELLER_TOOL_TEXTS, type ItemDetail } from '@keeb/shared';
import { AlertModal } from '../../../components/alert-modal';
import { Button } from '../../../components/button';
import { FormBanner } from '../../../components/form-banner';
import { PriceField, usePriceField } from '../../../components/price-field';
import { isApiError } from '../../../lib/api-error';
import { formatDay } from '../../../lib/format';
import { itemKeys } from '../api/keys';
import { offerToSavers } from '../api/offer-to-savers';
import { codeOf, TEXTS } from '../messages';
import styles from './offer-to-savers.module.css';

type SaverOfferState = NonNullable<ItemDetail['saverOffer']>;

const PRICE_INPUT_ID = 'saver-offer-price';
const FORM_ID = 'saver-offer-form';

/** Why the button is disabled (ours, but the weekly limit's text, which is the shared one with the next day). */
export function saverOfferReason(state: SaverOfferState): string | null {
  if (state.allowed) return null;
  if (state.nextAt) return `${SELLER_TOOL_TEXTS.saverOfferLimit} Next: ${formatDay(state.nextAt)}.`;
  if (state.savers === 0) return TEXTS.noSavers;
  return TEXTS.saverOfferNotAllowed;
}

/** The weekly limit's text with the day the next offer may go, from the refusal's timeLeft (ms). */
function limitText(error: unknown): string {
  const timeLeft = isApiError(error) ? error.details.timeLeft : undefined;
  if (typeof timeLeft !== 'number') return SELLER_TOOL_TEXTS.saverOfferLimit;
  return `${SELLER_TOOL_TEXTS.saverOfferLimit} Next: ${formatDay(new Date(Date.now() + timeLeft).toISOString())}.`;
}

/** A refused send's text (the price rule shows on the field instead). */
function refusalText(error: unknown): string {
  switch (codeOf(error)) {
    case SELLER_TOOL_ERRORS.saverOfferLimit:
      return limitText(error);
    case SELLER_TOOL_ERRORS.saverOfferNotAllowed:
      return TEXTS.saverOfferNotAllowed;
    case SELLER_TOOL_ERRORS.sellerAway: {
      const until = isApiError(error) ? error.details.until : undefined;
      return typeof until === 'string' ? SELLER_TOOL_TEXTS.awayOwnBanner(formatDay(until)) : TEXTS.somethingWentWrong;
    }
    default:
      return TEXTS.somethingWentWrong;
  }
}

/**
 * The owner's 'Offer to savers' (issue 29): one price below the listing's, sent to everyone who saved it, standing
 * SELLER_TOOL_LIMITS.saverOfferHours hours. Shown whenever the item page carries `saverOffer` (the owner's view);
 * disabled with the reason when it may not be sent now.
 */
export function OfferToSavers({ item, state }: { item: ItemDetail; state: SaverOfferState }) {
  const queryClient = useQueryClient();
  const reasonId = useId();
  const price = usePriceField('Offer price');
  const [open, setOpen] = useState(false);
  const [sentTo, setSentTo] = useState<number | null>(null);
  const reason = saverOfferReason(state);

  const send = useMutation({
    mutationFn: (offerPrice: string) => offerToSavers(item._id, offerPrice),
    onSuccess: (sent) => {
      setOpen(false);
      price.clear();
      setSentTo(sent.recipients);
      // The page's saverOffer now says when the next may go.
      void queryClient.invalidateQueries({ queryKey: itemKeys.detail(item._id) });
    },
    onError: (error) => {
      if (codeOf(error) === SELLER_TOOL_ERRORS.price) {
        price.setError(TEXTS.saverOfferBelow(formatPrice(item.price)));
        document.getElementById(PRICE_INPUT_ID)?.focus();
        return;
      }
      // Whatever changed (sent from another tab, a saver left, the listing sold) shows once the modal closes.
      void queryClient.invalidateQueries({ queryKey: itemKeys.detail(item._id) });
    },
  });

  const openModal = () => {
    price.clear();
    send.reset();
    setSentTo(null);
    setOpen(true);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = price.check();
    if (checked === null) return;
    if (Number(checked) >= item.price) {
      price.setError(TEXTS.saverOfferBelow(formatPrice(item.price)));
      return;
    }
    send.mutate(checked);
  };

  const code = codeOf(send.error);
  const formError = !send.isError || code === SELLER_TOOL_ERRORS.price ? null : refusalText(send.error);

  return (
    <div className={styles.block}>
      {sentTo !== null ? (
        <FormBanner tone="success" onDismiss={() => setSentTo(null)}>
          {SELLER_TOOL_TEXTS.saverOfferSent(sentTo)}
        </FormBanner>
      ) : null}
      <Button block variant="secondary" disabled={reason !== null} aria-describedby={reason ? reasonId : undefined} onClick={openModal}>
        Offer to savers
      </Button>
      {reason ? (
        <p id={reasonId} className={styles.reason}>
          {reason}
        </p>
      ) : null}

      <AlertModal
        open={open}
        onClose={() => setOpen(false)}
        title="Offer to savers"
        actions={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" form={FORM_ID} pending={send.isPending}>
              Send offer
            </Button>
          </>
        }
      >
        <form id={FORM_ID} className={styles.form} onSubmit={submit} noValidate>
          <p className={styles.lead}>
            {state.savers} {state.savers === 1 ? 'person' : 'people'} saved {item.name}, listed at {formatPrice(item.price)}. The first to take your
            price gets it; it stands for {SELLER_TOOL_LIMITS.saverOfferHours} hours.
          </p>
          <PriceField id={PRICE_INPUT_ID} field={price} label="Your price (USD)" hint="Below your listing price. Shipping is added as usual." />
          {formError ? <FormBanner tone="error">{formError}</FormBanner> : null}
        </form>
      </AlertModal>
    </div>
  );
}
