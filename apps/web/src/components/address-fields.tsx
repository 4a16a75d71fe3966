import { useMemo, type ReactNode } from 'react';
import { COUNTRY_CODES, MailingAddressSchema, ORDER_ERRORS, type MailingAddress } from '@keeb/shared';
import { isApiError } from '../lib/api-error';
import { validate } from '../lib/validation';
import { SelectField, TextField } from './form-fields';
import styles from './address-fields.module.css';

// A mailing address's fields, their words and their errors, written once: Settings' mailing address and an order's
// ship-to (issue 36) ask for the same address with the same rules (MailingAddressSchema).

export type AddressField = keyof MailingAddress;
export const EMPTY_ADDRESS: MailingAddress = { name: '', line1: '', line2: '', city: '', region: '', postalCode: '', country: '' };
export const isAddressField = (name: unknown): name is AddressField => typeof name === 'string' && name in EMPTY_ADDRESS;

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
const nameOf = (code: string) => countryNames.of(code) ?? code;

const FIELD_TEXTS: Record<AddressField, string> = {
  name: 'Enter the full name (up to 100 characters).',
  line1: 'Enter the street address (up to 200 characters).',
  line2: 'Keep the second address line to 200 characters.',
  city: 'Enter the city (up to 100 characters).',
  region: 'Keep the state or region to 100 characters.',
  postalCode: 'Enter the postal code.',
  country: 'Choose a country.',
};

/** The words under a field for a rule's code (the shared schema's, or the API's with its `field`). */
export function addressErrorText(field: AddressField, code: string, country: string): string {
  if (code === ORDER_ERRORS.postalCode) return country ? `Enter a postal code in the format used in ${nameOf(country)}.` : FIELD_TEXTS.postalCode;
  return FIELD_TEXTS[field];
}

/** The typed address checked with the shared schema: the address to send, or the first field's error to show. */
export function checkAddress(values: MailingAddress): { ok: true; data: MailingAddress } | { ok: false; error: { field: AddressField; message: string } } {
  const result = validate(MailingAddressSchema, values);
  if (result.ok) return { ok: true, data: result.data };
  const field = isAddressField(result.field) ? result.field : 'name';
  return { ok: false, error: { field, message: addressErrorText(field, result.code, values.country) } };
}

/** The API's refusal of one field (`details.field`) as that field's error; undefined for any other error. */
export function addressApiError(error: unknown, country: string): { field: AddressField; message: string } | undefined {
  const field = isApiError(error) ? error.details.field : undefined;
  return isApiError(error) && isAddressField(field) ? { field, message: addressErrorText(field, error.code, country) } : undefined;
}

export interface AddressFieldsProps {
  values: MailingAddress;
  onChange: (field: AddressField, value: string) => void;
  fieldError: (field: AddressField) => ReactNode;
}

/** The seven fields with the browser's shipping autocomplete; the country a select of every country by name. */
export function AddressFields({ values, onChange, fieldError }: AddressFieldsProps) {
  const countries = useMemo(() => COUNTRY_CODES.map((code) => ({ value: code, label: nameOf(code) })).sort((a, b) => a.label.localeCompare(b.label, 'en')), []);
  const text = (field: Exclude<AddressField, 'country'>, label: string, autoComplete: string) => (
    <TextField label={label} name={field} autoComplete={autoComplete} value={values[field]} onChange={(event) => onChange(field, event.target.value)} error={fieldError(field)} />
  );
  return (
    <>
      {text('name', 'Full name', 'shipping name')}
      {text('line1', 'Address line 1', 'shipping address-line1')}
      {text('line2', 'Address line 2 (optional)', 'shipping address-line2')}
      <div className={styles.grid}>
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
          onChange={(event) => onChange('country', event.target.value)}
          error={fieldError('country')}
        />
      </div>
    </>
  );
}
