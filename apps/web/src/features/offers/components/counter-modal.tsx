import type { FormEvent } from 'react';
import { formatPrice } from '@keeb/shared';
import { AlertModal } from '../../../components/alert-modal';
import { Button } from '../../../components/button';
import { FormBanner } from '../../../components/form-banner';
import { PriceField, usePriceField } from '../../../components/price-field';
import { TEXTS } from '../messages';
import styles from './offer-modals.module.css';

interface CounterModalProps {
  /** What is being answered, before its price: 'switchfan offered' ($150.). */
  context: string;
  /** The price being answered, shown beside the field. */
  currentPrice: number;
  pending: boolean;
  /** A failed call: the generic text; the field's own rules are checked before the call. */
  failed: boolean;
  onSubmit: (counterPrice: string) => void;
  onClose: () => void;
}

/** Spec part 2, section 5: 'Counter price required', 'Counter price must be a number', at most 8 characters. */
export function CounterModal({ context, currentPrice, pending, failed, onSubmit, onClose }: CounterModalProps) {
  const price = usePriceField('Counter price');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = price.check();
    if (checked !== null) onSubmit(checked);
  };
  return (
    <AlertModal
      open
      onClose={onClose}
      title="Counter Offer"
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="counter-offer-form" pending={pending}>
            Send Counter
          </Button>
        </>
      }
    >
      <form id="counter-offer-form" className={styles.form} onSubmit={submit} noValidate>
        <p>
          {context} {formatPrice(currentPrice)}.
        </p>
        <PriceField field={price} label="Counter price (USD)" hint="Counters do not include shipping." />
        {failed ? <FormBanner tone="error">{TEXTS.somethingWentWrong}</FormBanner> : null}
      </form>
    </AlertModal>
  );
}
