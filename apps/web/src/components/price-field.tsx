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

interface PriceFieldProps {
  field: ReturnType<typeof usePriceField>;
  label: string;
  hint: string;
}

/** A price input: the decimal keyboard on phones, at most 8 characters, its error under it. */
export function PriceField({ field, label, hint }: PriceFieldProps) {
  return (
    <TextField
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
