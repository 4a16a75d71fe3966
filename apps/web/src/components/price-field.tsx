import { useState } from 'react';
import { PRICE_INPUT_MAX_LENGTH, priceInputError } from '../lib/price-input';
import { TextField } from './form-fields';

/**
 * The state of an offer or counter price input (spec part 1 section 5, part 2 section 5): what was typed, and the
 * rule's text for `ruleLabel` ('Offer price', 'Counter price') once checked. Typing clears the error.
 */
export function usePriceField(ruleLabel: string) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  return {
    value,
    error,
    /** Shows a refusal from the server on the field. */
    setError,
    /** Checks the rule and shows its text; answers the trimmed price when it holds, otherwise null. */
    check: () => {
      const rule = priceInputError(ruleLabel, value);
      setError(rule);
      return rule ? null : value.trim();
    },
    clear: () => {
      setValue('');
      setError(null);
    },
    change: (text: string) => {
      setValue(text);
      if (error) setError(null);
    },
  };
}

/** What a price input shows and reports: usePriceField's state, or a form's own draft. */
export interface PriceFieldState {
  value: string;
  error: string | null | undefined;
  change: (text: string) => void;
}

interface PriceFieldProps {
  field: PriceFieldState;
  label: string;
  hint: string;
  /** For a form that focuses the field at fault. */
  id?: string;
}

/** A price input: the decimal keyboard on phones, at most 8 characters, its error under it. */
export function PriceField({ field, label, hint, id }: PriceFieldProps) {
  return (
    <TextField
      id={id}
      label={label}
      hint={hint}
      inputMode="decimal"
      autoComplete="off"
      maxLength={PRICE_INPUT_MAX_LENGTH}
      value={field.value}
      onChange={(event) => field.change(event.target.value)}
      error={field.error ?? undefined}
    />
  );
}
