import { useState, type FormEvent } from 'react';
import { type MailingAddress, type OrderDetail } from '@keeb/shared';
import { AddressFields, addressApiError, checkAddress, EMPTY_ADDRESS, type AddressField } from '../../../components/address-fields';
import { Button } from '../../../components/button';
import { FormBanner } from '../../../components/form-banner';
import { useSavedAddress } from '../../../lib/session';
import { useFormError } from '../../../lib/use-form-error';
import { orderActions, useOrderAction } from '../api/order-actions';
import { orderErrorText, TEXTS } from '../messages';
import { addressLines } from './ship-to';
import styles from './order-page-parts.module.css';

/**
 * Issue 36, the buyer's side of an order paid without an address: says the seller cannot ship yet and asks where
 * to ship, offering the address saved in Settings first (one press), or another typed in. The address is the
 * order's own copy; Settings stay as they are.
 */
export function ShipToRequest({ order }: { order: OrderDetail }) {
  const saved = useSavedAddress();
  const [typing, setTyping] = useState(false);
  const give = useOrderAction(order._id, (address: MailingAddress) => orderActions.shipTo(order._id, address));
  const offerSaved = saved.data && !typing;

  return (
    <section className={`${styles.card} ${styles.addressMissing}`} aria-labelledby="order-ship-to-request" data-testid="order-ship-to-request">
      <h2 id="order-ship-to-request" className={styles.cardHeading}>
        {TEXTS.shipToRequestTitle}
      </h2>
      <p>{TEXTS.shipToRequestBuyer}</p>
      {offerSaved ? (
        <>
          <address className={styles.address} data-testid="order-saved-address">
            {addressLines(saved.data!).map((line, index) => (
              <span key={index}>{line}</span>
            ))}
          </address>
          {give.isError ? <FormBanner tone="error">{orderErrorText(give.error)}</FormBanner> : null}
          <div className={styles.actions}>
            <Button pending={give.isPending} onClick={() => give.mutate(saved.data!)}>
              {TEXTS.shipHere}
            </Button>
            <Button variant="secondary" onClick={() => (give.reset(), setTyping(true))} disabled={give.isPending}>
              {TEXTS.useAnotherAddress}
            </Button>
          </div>
        </>
      ) : saved.isPending ? (
        <p className={styles.muted} role="status">
          Loading your saved address...
        </p>
      ) : (
        <ShipToForm order={order} initial={saved.data ?? null} onCancel={saved.data ? () => setTyping(false) : undefined} />
      )}
    </section>
  );
}

function ShipToForm({ order, initial, onCancel }: { order: OrderDetail; initial: MailingAddress | null; onCancel: (() => void) | undefined }) {
  const [values, setValues] = useState<MailingAddress>(initial ?? EMPTY_ADDRESS);
  const form = useFormError();
  const give = useOrderAction(order._id, (address: MailingAddress) => orderActions.shipTo(order._id, address));
  const set = (field: AddressField, value: string) => setValues((current) => ({ ...current, [field]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (give.isPending) return;
    const checked = checkAddress(values);
    if (!checked.ok) return form.setError(checked.error);
    form.clearError();
    give.mutate(checked.data, { onError: (error) => form.setError(addressApiError(error, values.country) ?? { message: orderErrorText(error) }) });
  };

  return (
    <form ref={form.formRef} className={styles.form} onSubmit={onSubmit} onChange={form.onFormChange} noValidate aria-label="Address to ship to">
      {form.bannerError ? <FormBanner tone="error">{form.bannerError}</FormBanner> : null}
      <AddressFields values={values} onChange={set} fieldError={form.fieldError} />
      <p className={styles.muted}>{TEXTS.shipToOrderOnly}</p>
      <div className={styles.actions}>
        <Button type="submit" pending={give.isPending}>
          {TEXTS.sendAddress}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel} disabled={give.isPending}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
