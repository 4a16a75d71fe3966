import { COUNTRY_CODES, MailingAddressSchema, ORDER_ERRORS, type MailingAddress } from '@keeb/shared';
import { z } from 'zod';
import { escapeHtml } from '../../platform/html';
import type { ShippingAddress } from './provider';

/**
 * The "Ship to" part of the stand-in's approval page: where PayPal lets the buyer pick one of their addresses,
 * the stand-in asks for one in a plain form (no script: the page must work without JS under its strict CSP). No
 * `required` attributes: the browser would then block Cancel too; the server checks and answers the page again
 * with the error under its field.
 */

const FIELDS = [
  { name: 'name', label: 'Full name', autocomplete: 'shipping name', required: true },
  { name: 'line1', label: 'Address line 1', autocomplete: 'shipping address-line1', required: true },
  { name: 'line2', label: 'Address line 2 (optional)', autocomplete: 'shipping address-line2', required: false },
  { name: 'city', label: 'City', autocomplete: 'shipping address-level2', required: true },
  { name: 'region', label: 'State or region', autocomplete: 'shipping address-level1', required: false },
  { name: 'postalCode', label: 'Postal code', autocomplete: 'shipping postal-code', required: false },
] as const;
export type AddressField = (typeof FIELDS)[number]['name'] | 'country';
const FIELD_NAMES: readonly AddressField[] = [...FIELDS.map((f) => f.name), 'country'];

/** The address fields as the form posts them: strings, each optional (a form without them posts none). */
export const AddressFormFields = Object.fromEntries(FIELD_NAMES.map((name) => [name, z.string({ error: ORDER_ERRORS.address }).max(500, { error: ORDER_ERRORS.address }).optional()])) as Record<
  AddressField,
  z.ZodOptional<z.ZodString>
>;

export type AddressFormValues = Partial<Record<AddressField, string>>;
export interface AddressFormError {
  field: AddressField;
  message: string;
}

/** Plain words under the field, for the codes MailingAddressSchema answers. */
function errorText(field: AddressField, code: string): string {
  if (code === ORDER_ERRORS.postalCode) return 'Enter a postal code in the format used in that country.';
  if (field === 'country') return 'Choose a country.';
  const label = FIELDS.find((f) => f.name === field)?.label.replace(' (optional)', '').toLowerCase() ?? 'this field';
  return `Enter the ${label} (up to ${field === 'line1' || field === 'line2' ? 200 : 100} characters).`;
}

/**
 * What the buyer typed: `{ address }` when it is a valid address, `{ empty: true }` when every field was left
 * empty (or the post carried none), else the first error to show under its field.
 */
export function parseAddressForm(values: AddressFormValues): { address: MailingAddress } | { empty: true } | { error: AddressFormError } {
  if (FIELD_NAMES.every((name) => !values[name]?.trim())) return { empty: true };
  const parsed = MailingAddressSchema.safeParse(values);
  if (parsed.success) return { address: parsed.data };
  const issue = parsed.error.issues[0];
  const field = (FIELD_NAMES.find((name) => name === issue?.path[0]) ?? 'name') as AddressField;
  return { error: { field, message: errorText(field, issue?.message ?? ORDER_ERRORS.address) } };
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
/** Sorted by name, as a buyer looks for their country. */
const COUNTRIES = COUNTRY_CODES.map((code) => ({ code, name: countryNames.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name, 'en'));

/** The form's fields, filled with `values` (a saved or stored address, or what was posted), the error under its field. */
export function addressFieldset(values: AddressFormValues | ShippingAddress | null | undefined, error?: AddressFormError): string {
  const value = (name: AddressField) => escapeHtml((values as AddressFormValues | null | undefined)?.[name] ?? '');
  const errorId = (name: AddressField) => `${name}-error`;
  const errorOf = (name: AddressField) => (error?.field === name ? `<p class="error" id="${errorId(name)}">${escapeHtml(error.message)}</p>` : '');
  const invalid = (name: AddressField) => (error?.field === name ? ` aria-invalid="true" aria-describedby="${errorId(name)}"` : '');
  const inputs = FIELDS.map(
    (f) =>
      `<div class="field"><label for="ship-${f.name}">${f.label}</label><input id="ship-${f.name}" name="${f.name}" type="text" autocomplete="${f.autocomplete}" value="${value(f.name)}"${f.required ? ' aria-required="true"' : ''}${invalid(f.name)}>${errorOf(f.name)}</div>`,
  );
  const selected = value('country').toUpperCase();
  const options = COUNTRIES.map((c) => `<option value="${c.code}"${c.code === selected ? ' selected' : ''}>${escapeHtml(c.name)}</option>`).join('');
  const country = `<div class="field"><label for="ship-country">Country</label><select id="ship-country" name="country" autocomplete="shipping country"${invalid('country')}><option value="">Choose a country</option>${options}</select>${errorOf('country')}</div>`;
  return `<fieldset class="ship"><legend>Ship to</legend>\n${[...inputs, country].join('\n')}\n</fieldset>`;
}
