import { useMemo, useState, type FormEvent } from 'react';
import { COUNTRY_CODES, MailingAddressSchema, ORDER_ERRORS, type MailingAddress, type OrderDetail } from '@keeb/shared';
import { Button } from '../../../components/button';
import { FormBanner } from '../../../components/form-banner';
import { SelectField, TextField } from '../../../components/form-fields';
import { isApiError } from '../../../lib/api-error';
import { useSavedAddress } from '../../../lib/session';
import { useFormError } from '../../../lib/use-form-error';
import { validate } from '../../../lib/validation';
import { orderActions, useOrderAction } from '../api/order-actions';
import { orderErrorText, TEXTS } from '../messages';
import { addressLines } from './ship-to';
import styles from './order-page-parts.module.css';

type Field = keyof MailingAddress;
const EMPTY: MailingAddress = { name: '', line1: '', line2: '', city: '', region: '', postalCode: '', country: '' };
const isField = (name: unknown): name is Field => typeof name === 'string' && name in EMPTY;
const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

const FIELD_TEXTS: Record<Field, string> = {
  name: 'Enter the full name (up to 100 characters).',
  line1: 'Enter the street address (up to 200 characters).',
  line2: 'Keep the second address line to 200 characters.',
  city: 'Enter the city (up to 100 characters).',
  region: 'Keep the state or region to 100 characters.',
  postalCode: 'Enter a postal code in the format used in that country.',
  country: 'Choose a country.',
};
const fieldText = (field: Field, code: string) => (code === ORDER_ERRORS.postalCode ? FIELD_TEXTS.postalCode : FIELD_TEXTS[field]);

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
  const [values, setValues] = useState<MailingAddress>(initial ?? EMPTY);
  const form = useFormError();
  const give = useOrderAction(order._id, (address: MailingAddress) => orderActions.shipTo(order._id, address));
  const countries = useMemo(
    () => COUNTRY_CODES.map((code) => ({ value: code, label: countryNames.of(code) ?? code })).sort((a, b) => a.label.localeCompare(b.label, 'en')),
    [],
  );
  const set = (field: Field) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (give.isPending) return;
    const result = validate(MailingAddressSchema, values);
    if (!result.ok) {
      const field = isField(result.field) ? result.field : 'name';
      form.setError({ field, message: fieldText(field, result.code) });
      return;
    }
    form.clearError();
    give.mutate(result.data, {
      onError: (error) => {
        const field = isApiError(error) ? error.details.field : undefined;
        form.setError(isApiError(error) && isField(field) ? { field, message: fieldText(field, error.code) } : { message: orderErrorText(error) });
      },
    });
  };

  const text = (field: Exclude<Field, 'country'>, label: string, autoComplete: string) => (
    <TextField label={label} name={field} autoComplete={autoComplete} value={values[field]} onChange={set(field)} error={form.fieldError(field)} />
  );

  return (
    <form ref={form.formRef} className={styles.form} onSubmit={onSubmit} onChange={form.onFormChange} noValidate aria-label="Address to ship to">
      {form.bannerError ? <FormBanner tone="error">{form.bannerError}</FormBanner> : null}
      {text('name', 'Full name', 'shipping name')}
      {text('line1', 'Address line 1', 'shipping address-line1')}
      {text('line2', 'Address line 2 (optional)', 'shipping address-line2')}
      {text('city', 'City', 'shipping address-level2')}
      <div className={styles.fieldRow}>
        {text('region', 'State or region', 'shipping address-level1')}
        {text('postalCode', 'Postal code', 'shipping postal-code')}
      </div>
      <SelectField
        label="Country"
        name="country"
        autoComplete="shipping country"
        placeholder="Choose a country"
        options={countries}
        value={values.country}
        onChange={set('country')}
        error={form.fieldError('country')}
      />
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
