import { useCallback, useEffect, useRef, useState, type ChangeEvent, type ReactNode } from 'react';

/** The one message a form shows: beside its field (red border), or in the form's banner when it has none. */
export interface FormError {
  field?: string;
  message: ReactNode;
}

/**
 * A form shows one rule's message at a time, the first failing one in the spec's order. Showing it moves focus
 * to its field; editing that field clears it.
 */
export function useFormError() {
  const formRef = useRef<HTMLFormElement>(null);
  const [error, setError] = useState<FormError | null>(null);

  useEffect(() => {
    if (!error?.field) return;
    formRef.current?.querySelector<HTMLElement>(`[name="${error.field}"]`)?.focus();
  }, [error]);

  const clearError = useCallback(() => setError(null), []);

  /** For the form's onChange: typing into the field at fault clears its message. */
  const onFormChange = useCallback((event: ChangeEvent<HTMLFormElement>) => {
    const name = (event.target as { name?: unknown }).name;
    setError((current) => (current?.field && current.field === name ? null : current));
  }, []);

  return {
    formRef,
    error,
    setError,
    clearError,
    onFormChange,
    fieldError: (name: string): ReactNode => (error?.field === name ? error.message : undefined),
    bannerError: error && !error.field ? error.message : undefined,
  };
}
