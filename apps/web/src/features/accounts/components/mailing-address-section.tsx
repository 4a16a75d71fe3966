import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { COUNTRY_CODES, MailingAddressSchema, ORDER_ERRORS, type MailingAddress } from '@keeb/shared';
import { Button } from '../../../components/button';
import { FormBanner } from '../../../components/form-banner';
import { SelectField, TextField } from '../../../components/form-fields';
import { isApiError } from '../../../lib/api-error';
import { useFormError } from '../../../lib/use-form-error';
import { validate } from '../../../lib/validation';
import { mailingAddressKey, saveMailingAddress, useMailingAddress } from '../api/mailing-address';
import styles from './settings-sections.module.css';

type Field = keyof MailingAddress;
const EMPTY: MailingAddress = { name: '', line1: '', line2: '', city: '', region: '', postalCode: '', country: '' };

export const MAILING_ADDRESS_TEXTS = {
  saved: 'Saved',
  none: 'No mailing address saved yet.',
  saveFailed: "We couldn't save your address. Try again.",
  loadFailed: "We couldn't load your address.",
  chooseCountry: 'Choose a country.',
} as const;

const FIELD_TEXTS: Record<Exclude<Field, 'country'>, string> = {
  name: 'Enter your full name (up to 100 characters).',
  line1: 'Enter the street address (up to 200 characters).',
  line2: 'Keep the second address line to 200 characters.',
  city: 'Enter the city (up to 100 characters).',
  region: 'Keep the state or region to 100 characters.',
  postalCode: 'Enter the postal code.',
};

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
const nameOf = (code: string) => countryNames.of(code) ?? code;

const isField = (name: unknown): name is Field => typeof name === 'string' && name in EMPTY;

/** The words under a field for a rule's code (the shared schema's, or the API's with its `field`). */
function errorText(field: Field, code: string, country: string): string {
  if (code === ORDER_ERRORS.postalCode) return country ? `Enter a postal code in the format used in ${nameOf(country)}.` : FIELD_TEXTS.postalCode;
  if (field === 'country') return MAILING_ADDRESS_TEXTS.chooseCountry;
  return FIELD_TEXTS[field];
}

/**
 * Settings' mailing address: where sellers ship what this user buys. The local payment page fills its address
 * form from it; with PayPal the buyer picks an address at PayPal. Shown as text until the user edits it: the form
 * (and its select of 249 countries) is built only then, and saved apart from the profile.
 */
export function MailingAddressSection() {
  const address = useMailingAddress();
  return (
    <section className={styles.section} aria-labelledby="mailing-address-title">
      <div className={styles.sectionHeader}>
        <h2 id="mailing-address-title" className={styles.sectionTitle}>
          Mailing address
        </h2>
        <p className={styles.sectionLead}>Where sellers ship what you buy. Only the seller of an order and our admins see it.</p>
      </div>
      {address.isSuccess ? (
        <AddressView saved={address.data} />
      ) : address.isError ? (
        <FormBanner tone="error">
          {MAILING_ADDRESS_TEXTS.loadFailed}{' '}
          <Button variant="ghost" size="sm" onClick={() => void address.refetch()}>
            Try again
          </Button>
        </FormBanner>
      ) : (
        <p className={styles.hint} role="status">
          Loading your address...
        </p>
      )}
    </section>
  );
}

function AddressView({ saved }: { saved: MailingAddress | null }) {
  const [editing, setEditing] = useState(false);
  const [done, setDone] = useState(false);
  if (editing) {
    return (
      <AddressForm
        saved={saved}
        onSaved={() => {
          setEditing(false);
          setDone(true);
        }}
        onCancel={() => setEditing(false)}
      />
    );
  }
  return (
    <div className={styles.stack}>
      {saved ? (
        <address className={styles.address}>
          {[saved.name, saved.line1, saved.line2, [saved.city, saved.region, saved.postalCode].filter(Boolean).join(', '), nameOf(saved.country)]
            .filter(Boolean)
            .map((line, index) => (
              <span key={index}>{line}</span>
            ))}
        </address>
      ) : (
        <p className={styles.hint}>{MAILING_ADDRESS_TEXTS.none}</p>
      )}
      {done ? (
        <FormBanner tone="success" onDismiss={() => setDone(false)}>
          {MAILING_ADDRESS_TEXTS.saved}
        </FormBanner>
      ) : null}
      <div className={styles.buttons}>
        <Button
          variant="secondary"
          onClick={() => {
            setDone(false);
            setEditing(true);
          }}
        >
          {saved ? 'Edit Address' : 'Add Address'}
        </Button>
      </div>
    </div>
  );
}

function AddressForm({ saved, onSaved, onCancel }: { saved: MailingAddress | null; onSaved: () => void; onCancel: () => void }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<MailingAddress>(saved ?? EMPTY);
  const form = useFormError();
  const countries = useMemo(
    () => COUNTRY_CODES.map((code) => ({ value: code, label: nameOf(code) })).sort((a, b) => a.label.localeCompare(b.label, 'en')),
    [],
  );

  const save = useMutation({
    mutationFn: saveMailingAddress,
    onSuccess: (stored) => {
      queryClient.setQueryData(mailingAddressKey, stored);
      onSaved();
    },
    onError: (error) => {
      const field = isApiError(error) ? error.details.field : undefined;
      if (isApiError(error) && isField(field)) form.setError({ field, message: errorText(field, error.code, values.country) });
      else form.setError({ message: MAILING_ADDRESS_TEXTS.saveFailed });
    },
  });

  const set = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const result = validate(MailingAddressSchema, values);
    if (!result.ok) {
      const field = isField(result.field) ? result.field : 'name';
      form.setError({ field, message: errorText(field, result.code, values.country) });
      return;
    }
    form.clearError();
    save.mutate(result.data);
  };

  const text = (field: Exclude<Field, 'country'>, label: string, autoComplete: string) => (
    <TextField label={label} name={field} autoComplete={autoComplete} value={values[field]} onChange={set(field)} error={form.fieldError(field)} />
  );

  return (
    <form ref={form.formRef} className={styles.stack} onSubmit={onSubmit} onChange={form.onFormChange} noValidate>
      {form.bannerError ? <FormBanner tone="error">{form.bannerError}</FormBanner> : null}
      {text('name', 'Full name', 'shipping name')}
      {text('line1', 'Address line 1', 'shipping address-line1')}
      {text('line2', 'Address line 2 (optional)', 'shipping address-line2')}
      <div className={styles.addressGrid}>
        {text('city', 'City', 'shipping address-level2')}
        {text('region', 'State or region', 'shipping address-level1')}
        {text('postalCode', 'Postal code', 'shipping postal-code')}
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
      </div>
      <div className={styles.buttons}>
        <Button type="submit" pending={save.isPending}>
          Save Address
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={save.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
