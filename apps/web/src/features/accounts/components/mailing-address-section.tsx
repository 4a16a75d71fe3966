import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { type MailingAddress } from '@keeb/shared';
import { AddressFields, addressApiError, checkAddress, EMPTY_ADDRESS, type AddressField } from '../../../components/address-fields';
import { Button } from '../../../components/button';
import { FormBanner } from '../../../components/form-banner';
import { useFormError } from '../../../lib/use-form-error';
import { mailingAddressKey, saveMailingAddress, useMailingAddress } from '../api/mailing-address';
import styles from './settings-sections.module.css';

export const MAILING_ADDRESS_TEXTS = {
  saved: 'Saved',
  none: 'No mailing address saved yet.',
  saveFailed: "We couldn't save your address. Try again.",
  loadFailed: "We couldn't load your address.",
} as const;

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
const nameOf = (code: string) => countryNames.of(code) ?? code;

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
  const [values, setValues] = useState<MailingAddress>(saved ?? EMPTY_ADDRESS);
  const form = useFormError();

  const save = useMutation({
    mutationFn: saveMailingAddress,
    onSuccess: (stored) => {
      queryClient.setQueryData(mailingAddressKey, stored);
      onSaved();
    },
    onError: (error) => form.setError(addressApiError(error, values.country) ?? { message: MAILING_ADDRESS_TEXTS.saveFailed }),
  });

  const set = (field: AddressField, value: string) => setValues((current) => ({ ...current, [field]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const checked = checkAddress(values);
    if (!checked.ok) return form.setError(checked.error);
    form.clearError();
    save.mutate(checked.data);
  };

  return (
    <form ref={form.formRef} className={styles.stack} onSubmit={onSubmit} onChange={form.onFormChange} noValidate>
      {form.bannerError ? <FormBanner tone="error">{form.bannerError}</FormBanner> : null}
      <AddressFields values={values} onChange={set} fieldError={form.fieldError} />
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
